// The Advisor router's German words (German is the third language), apart from the
// Russian and English ones in AdvisorIntent.swift so that the two merge easily: keyword rules by
// topic, the money words of rule 4, the "afford" verbs of rule 2, identity and injection
// patterns, and the markers that tell a German question from an English one. Written from how
// German speakers ask about money, before measuring; the labelled German questions the
// classifier learns from are in scripts/advisor-corpus/15-de.txt (the held-out quarter split off
// by split.py, as for the other languages). Stems as in AdvisorIntent.swift: comma-separated word
// prefixes of the normalised text, "_" a space.

import Engine

extension AdvisorRouter {
    /// German keyword rules by topic (joined to each topic's rules).
    static let germanRules: [AdvisorIntent: [Rule]] = [
        .whoAreYou: list(9, """
            wer bist du,wer sind sie,was bist du,was sind sie,bist du ein bot,sind sie ein bot,bist du ein mensch,sind sie ein mensch,\
            bist du eine ki,sind sie eine ki,bist du ki_,bist du chatgpt,bist du gpt,bist du claude,bist du ein roboter,\
            welches modell,welches sprachmodell,welche ki_,wer hat dich,wer hat sie,stell dich vor,stellen sie sich vor,\
            erzähl mir etwas über dich,erzähl mir von dir,wie heißt du,wie heisst du,wie heißen sie,hast du einen namen,\
            mit wem spreche ich,mit wem rede ich,mit wem schreibe ich,wer antwortet,worauf basierst du,mensch oder maschine,\
            ein echter mensch,ein richtiger berater,was kannst du,wie funktionierst du,bist du ein chatbot,künstliche intelligenz,\
            hat dich gemacht,hat dich entwickelt,hat dich programmiert,welche firma steckt
            """),
        .checkup: list(4, """
            finanzcheck,gesamtcheck,überblick,übersicht über,analysier,analyse meiner,bewerte,bewertung,diagnose stellen,finanzielle diagnose,prüf meine,\
            prüfe meine,schau dir meine,wie stehe ich,wo stehe ich,wie läuft es mit meinen,finanzielle gesundheit,\
            gesund sind meine,große ganze,gesamtbild,fass meine,zusammenfass,prioritäten,was sollte ich zuerst,\
            urteil,statusbericht,warnsignale,schwachstellen,richtigen weg,rat zu meinen daten,insgesamt,lage
            """),
        .affordability: list(5, """
            leisten,bezahlbar,drin_,machbar,tragbar,kann ich mir,können wir uns,kann ich kaufen,soll ich kaufen,gönnen,\
            reicht mein geld für,geht das,schaffe ich ein
            """) + list(1, "im monat,pro monat,monatlich"),
        .goals: list(4, """
            ziel,sparziel,sparen auf,spare auf,sparen für,spare für,anzahlung,wie lange muss ich,wie lange brauche,\
            wie lange dauert,wie lange noch,wann erreiche,wann habe ich genug,wann kann ich mir,zusammenhaben,zusammen haben,\
            wann hab ich das geld,wann habe ich das geld
            """) + list(1, "urlaub,reise,hochzeit,auto_,haus_,wohnung,traum,führerschein"),
        .taxes: list(6, """
            steuer,steuern,absetz,absetzbar,finanzamt,freibetrag,pauschbetrag,werbungskosten,elster,einkommensteuer,\
            kapitalertrag,mehrwertsteuer,steuerklasse,steuererklärung,steuerrück
            """),
        .debts: list(4, """
            schuld,schulden,kredit,darlehen,hypothek,tilg,abbezahl,abzahl,zurückzahl,umschuld,lawine,schneeball,zinsen,\
            dispo,monatsrate,kreditrate,mindestrate,ratenkredit,ratenzahlung,restschuld,sondertilgung,jahreszins,schuldenfrei,schuldenfalle
            """),
        .emergencyFund: list(4, """
            notgroschen,notfall,notfäll,notreserve,rücklage,reserve,puffer,sicherheitspolster,polster,unerwartet,unvorhergesehen,\
            job verliere,job verlieren,jobverlust,gekündigt,arbeitslos,ohne einkommen,kurzarbeit,eiserne reserve,\
            monatsausgaben als,überleben
            """),
        .insurance: list(6, """
            versicher,haftpflicht,hausrat,berufsunfähig,teilkasko,vollkasko,deckungssumme,selbstbeteiligung,\
            abgesichert,absicher,krankenversicherung,bu_,versicherungspolice
            """),
        .investing: list(4, """
            investier,investition,anlegen,geldanlage,anlage,aktie,fonds,indexfonds,depot,anleihe,dividende,sparplan,\
            rendite,zinseszins,krypto,tagesgeld,festgeld,gold als,msci,bausparvertrag,immobilien als,vermehren,\
            für mich arbeiten
            """) + list(5, "rente,ruhestand,altersvorsorge,rentenlücke,riester"),
        .cutExpenses: list(4, """
            sparen bei,spare ich bei,spar ich,einsparen,ausgaben senken,kosten senken,senke,reduzier,kürzen,kürze,streichen,\
            weniger ausgeben,weniger geld aus,weniger für,gebe zu viel,zu viel ausgegeben,größte ausgaben,größte kategorie,\
            größten kategorie,am meisten aus,wohin geht mein geld,wo kann ich sparen,wo kann ich kosten,sparsamer,günstiger,\
            unnötig,verschwend,lecken,konsum,spontankäufe,optimieren,sparen im alltag
            """),
        .budget: list(3, "freier cashflow,freies geld,haushaltsbuch,monatsbudget,jahresbudget,budgetplanung")
            + list(2, """
            einkommen,einnahmen,ausgaben,gehalt,verdiene,aufteilen,aufteilung,verteile,verteilen,übrig,bleibt,überschuss,\
            zurücklegen,fixkosten,zum leben
            """),
        .bills: list(4, """
            abo_,abos_,abo-,abonnement,rechnung,rechnungen,lastschrift,abgebucht,abbuchung,dauerauftr,regelmäßige zahlung,\
            laufende verträge,verträge,vertrag,mitgliedschaft,fällig,doppelt,preiserhöhung
            """),
        .limits: list(5, """
            kategorielimit,tageslimit,monatslimit,restbudget,spielraum,noch ausgeben,noch für,übrig für,\
            darf ich noch,kann ich noch,überschritten,überschreite,überschreitung,budget für
            """) + list(2, "diese woche,diesen monat,für essen,für lebensmittel"),
        .forecast: list(5, """
            zahltag,gehalt reicht,bis zum gehalt,bis zum nächsten gehalt,nächsten gehalt,gehaltseingang,bis zum ersten,\
            prognose,vorhersage,voraussichtlich,erwartet,tiefpunkt,niedrigste,ins minus,im minus,unter null,dispo brauchen,\
            kontostand,monatsende,ende des monats,sicher ausgeben,sicher ausgebbar,reicht mein geld,reicht das geld,\
            geht mir das geld aus,geht das geld aus,geld ausgeht,knapp,eng auf dem konto,durch komme,komme ich bis,risiko
            """),
        .challenge: list(6, """
            spiel,im spiel,punkte,spielserie,erfolge,herausforder,ohne ausgaben,spielstand,spielbudget,\
            wofür würde ich
            """),
        .imports: list(6, """
            importier,kontoauszug,kontoauszüge,umsätze,hochladen,lade ich,einlesen,datei,bankexport,bankdaten,\
            bankkonto verbinden,spalten,kodierung
            """),
    ]

    /// `german` without a stem the Russian and English rules already have (a stem counts once,
    /// so the German rules never change how an English question scores).
    static func germanOnly(_ german: [AdvisorIntent: [Rule]]) -> [AdvisorIntent: [Rule]] {
        let known = Set(rules.values.flatMap { $0.map(\.stem) })
        return german.mapValues { $0.filter { !known.contains($0.stem) } }
    }

    /// Word prefixes that make a German question about money at all (rule 4).
    static let germanMoneyWords = """
        geld,euro ,kosten,kostet,ausgabe,ausgeben,ausgegeben,sparen,spare,erspart,einkommen,gehalt,lohn,rechnung,schuld,kredit,\
        leisten,kauf,preis,teuer,günstig,billig,steuer,versicher,anlegen,investier,konto,abo ,abos ,zins,rente,miete,\
        finanz,zahl,bezahl,überweis,notgroschen,ziel,spiel,umsätze,prognose,kontostand,vermögen,\
        schulden,pleite,knapp,rat zu,meine daten,meine zahlen,rate,raten
        """.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.filter { !$0.isEmpty }

    /// German verbs that make a question with an amount an affordability question (rule 2).
    static let germanAffordVerbs = ["leisten", "kann ich kaufen", "kann ich mir", "können wir uns", "soll ich kaufen", "bezahlbar", "gönnen"]
    /// German spending verbs that make a question with a monthly amount an affordability question.
    static let germanSpendVerbs = ["kann ich ausgeben", "darf ich ausgeben", "ist es okay", "ist es in ordnung"]

    /// German attempts to make the advisor leave its instructions or name its model.
    static let germanInjection: [[[String]]] = [
        [["ignorier", "vergiss", "missachte", "umgehe"], ["anweisung", "regeln", "prompt", "vorherig", "einschränkung"]],
        [["systemprompt", "system-prompt", "deinen prompt", "deine anweisungen", "entwicklermodus", "du bist jetzt", "tu so als"]],
        [["welches", "welche", "sag mir", "verrate", "echtes"], ["llm", "gpt", "openai", "sprachmodell", "ki-modell"]],
    ]

    /// Frequent German words that an English question does not have, and English ones a German
    /// question does not have (with umlauts and ß, they tell the two apart).
    static let germanMarkers: Set<String> = [
        "ich", "mein", "meine", "meinen", "meinem", "meiner", "mir", "mich", "wie", "was", "wann", "wo", "wohin", "welche",
        "welcher", "welches", "kann", "können", "soll", "sollte", "ist", "sind", "bin", "habe", "hab", "und", "oder", "nicht",
        "für", "von", "mit", "zu", "zum", "zur", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "noch", "viel",
        "wieviel", "geld", "euro", "bitte", "du", "dich", "dir", "sie", "wir", "uns", "im", "am", "bis", "schon", "auch",
    ]
    static let englishMarkers: Set<String> = [
        "i", "my", "me", "how", "what", "when", "where", "which", "can", "should", "is", "are", "am", "have", "and", "or",
        "not", "for", "of", "to", "the", "a", "an", "much", "many", "money", "please", "you", "your", "we", "our", "do", "does",
    ]

    /// Whether a Latin-script question reads as German rather than English: an umlaut or ß, or
    /// more German marker words than English ones (a tie keeps `fallback`'s side).
    static func readsGerman(_ question: String, fallback: Language) -> Bool {
        let lower = question.lowercased()
        if lower.contains(where: { "äöüß".contains($0) }) { return true }
        let words = lower.split { !$0.isLetter }.map(String.init)
        let german = words.filter(germanMarkers.contains).count, english = words.filter(englishMarkers.contains).count
        return german != english ? german > english : fallback == .de
    }
}
