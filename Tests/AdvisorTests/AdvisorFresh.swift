import Engine
import Testing
@testable import Advisor

/// A blind set written before any router change and never trained or tuned on
/// (not in scripts/advisor-corpus): only measured, to see whether corpus growth generalises.
@Suite("Advisor fresh blind set")
struct AdvisorFreshTests {
    static let text = #"""
[checkup en]
so hows my money doing overall
rate my finances out of ten
anything in my finances i should worry about?
big picture pls, am i doing fine
[affordability en]
is a 900 dollar laptop ok for me rn
could i swing a weekend trip for 600
would buying a 2k tv wreck my finances
can my wallet handle a 15000 used car
[budget en]
where does my paycheck actually go each month
income minus expenses, what's left?
help me plan my monthly spending
whats my monthly surplus
[cutExpenses en]
im spending way too much, where can i trim
which costs could i drop to save some cash
help me spend less
what are my biggest money leaks
[debts en]
should i pay off the credit card or the car loan first
my loans are killing me what do i do
how long until im debt free
is it smart to consolidate my debt
[emergencyFund en]
how much rainy day money should i have
if i got fired tomorrow how long could i survive
should i build a cash buffer before investing more
is 3 months of savings enough for emergencies
[forecast en]
will i be broke before my next paycheck
whats my balance gonna look like on the 30th
do i have enough to make it to the end of the month
projected balance next week?
[goals en]
am i on track for my vacation fund
when do i reach my down payment target
how much more to save for the wedding goal
my savings goal progress
[insurance en]
is life cover something i should get
is renters insurance worth it
am i overpaying for car insurance
what insurance should someone like me have
[investing en]
should i put money in index funds
should i buy some shares this month
etf or savings account, which is better
i have 200 spare, how do i start investing it
[taxes en]
can i deduct my home office
by what date do i have to file my return
how do i lower my income tax
do i owe taxes on my side hustle
[whoAreYou en]
are you a real person
what can you do for me
who built you
are you chatgpt
[offTopic en]
whats the weather tomorrow
recommend a good movie
how do i boil an egg
who won the football match yesterday
[bills en]
what recurring payments do i have
is my netflix still charging me
upcoming payments this week
how much are my monthly subscriptions in total
[challenge en]
any money challenges i can try
how's my no-spend challenge going
give me a saving game
begin the 30 day challenge
[imports en]
how do i bring in transactions from my bank
my csv upload failed
can i import an ofx file
add my bank transactions automatically
[limits en]
how much do i have left for takeout this month
did i blow my shopping limit
cap my coffee spending at 50
remaining budget for groceries
[checkup ru]
как у меня дела с финансами в целом
оцени мои финансы
что не так с моими деньгами
сделай полный разбор моих финансов
[affordability ru]
потяну ли я ноутбук за 90 тысяч
могу ли я позволить себе отпуск за 150к
стоит ли мне брать телефон за 100000
хватит ли денег на новый диван за 40 тысяч
[budget ru]
куда уходит моя зарплата
сколько у меня остаётся после всех расходов
помоги распланировать расходы на месяц
какой у меня свободный остаток в месяц
[cutExpenses ru]
как мне тратить меньше
где я переплачиваю
на чём можно сэкономить
подскажи что урезать в расходах
[debts ru]
что закрывать сначала кредитку или потребкредит
как быстрее закрыть долги
стоит ли рефинансировать ипотеку
когда я расплачусь по кредитам
[emergencyFund ru]
сколько нужно отложить на чёрный день
если меня уволят, на сколько хватит денег
нужна ли мне финансовая подушка
хватит ли моего запаса на три месяца
[forecast ru]
доживу ли я до зарплаты
сколько будет на счету к концу месяца
не уйду ли я в минус на этой неделе
сколько у меня останется к 30 числу
[goals ru]
через сколько месяцев наберу на машину
как продвигается моя цель на отпуск
успею ли я собрать на первый взнос
сколько ещё копить до цели
[insurance ru]
стоит ли оформлять страхование жизни
стоит ли страховать квартиру
не переплачиваю ли я за осаго
какая страховка мне нужна
[investing ru]
куда вложить деньги
есть смысл сейчас заходить в акции
что лучше вклад или облигации
с чего начать инвестиции если есть 10 тысяч
[taxes ru]
как получить налоговый вычет
когда платить налоги
сколько налога с моей подработки
можно ли вернуть ндфл за лечение
[whoAreYou ru]
ты живой человек
что ты умеешь
кто тебя создал
ты нейросеть?
[offTopic ru]
какая завтра погода
посоветуй фильм
как сварить борщ
кто выиграл матч вчера
[bills ru]
какие у меня регулярные платежи
сколько я плачу за подписки
когда следующий платёж за интернет
от каких подписок отказаться
[challenge ru]
какие есть денежные челленджи
как идёт мой челлендж без трат
дай мне игру на экономию
запусти челлендж на 30 дней
[imports ru]
куда закинуть выписку из сбера
не получается импортировать csv
можно ли загрузить файл ofx
как добавить операции из банка
[limits ru]
сколько осталось на кафе в этом месяце
я превысил лимит на покупки?
поставь лимит на кофе 3000
сколько ещё можно потратить на продукты
"""#

    @Test("the blind set is never trained on, and its accuracy is reported per language", arguments: [Language.en, .ru])
    func freshAccuracy(language: Language) {
        let examples = AdvisorCorpus.parse(Self.text)
        let training = Set(AdvisorCorpus.trainingExamples.map(\.text))
        for example in examples { #expect(!training.contains(example.text), "\(example.text)") }
        let m = AdvisorCorpusTests.measure(examples, language)
        print("Advisor routing, fresh blind set (\(language.rawValue)): \(m.correct)/\(m.total) = \(String(format: "%.1f", m.percent)) %")
        for (pair, count) in m.confusions.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            print("  fresh confusion \(pair): \(count)")
        }
        #expect(m.total >= 60)
        #expect(m.percent >= AdvisorFreshTests.floor[language]!)
    }

    static let floor: [Language: Double] = [.en: 95, .ru: 95]
}
