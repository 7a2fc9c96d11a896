// The wishlist family's words in German: each key of `StringTables.wishlist` (WishlistStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let wishlistDE: TranslationTable = [
        "wishlist_link": "Wunschliste",
        "wishlist_title": "Wunschliste",
        "wishlist_add": "Wunsch hinzufügen",
        "wishlist_empty": "Noch nichts auf der Liste. Fügen Sie hinzu, was Sie kaufen möchten, mit Preis: Der Berater kann sagen, ob es passt.",
        "wishlist_hint": "FinMind kauft nichts: „Gekauft“ verschiebt den Wunsch nur in den Verlauf unten.",
        "wishlist_total": "Die ganze Liste: {amount}",
        "wishlist_history": "Gekauft",
        "wishlist_history_empty": "Noch nichts gekauft.",
        "wishlist_new_title": "Neuer Wunsch",
        "wishlist_edit_title": "Wunsch",
        "wishlist_intro": "Der Preis ist in der Haushaltswährung.",
        "wishlist_field_title": "Was",
        "wishlist_field_price": "Preis",
        "wishlist_field_priority": "Priorität",
        "wishlist_field_link": "Link (optional)",
        "wishlist_field_goal": "Aus dem Ziel gespart (optional)",
        "wishlist_hint_link": "Eine Adresse, die mit http:// oder https:// beginnt.",
        "wishlist_link_invalid": "Geben Sie eine Adresse ein, die mit http:// oder https:// beginnt.",
        "wishlist_priority_1": "Irgendwann",
        "wishlist_priority_2": "Hätte ich gern",
        "wishlist_priority_3": "Will ich wirklich",
        "wishlist_goal_none": "Kein Ziel",
        "wishlist_for_goal": "für „{goal}“",
        "wishlist_open_link": "Link öffnen",
        "wishlist_afford": "Kann ich mir das leisten?",
        "wishlist_question": "Kann ich mir „{title}“ für {price} leisten?",
        "wishlist_bought_action": "Gekauft",
        "wishlist_undo_action": "Zurück auf die Liste",
        "wishlist_bought_on": "gekauft am {date}",
        "wishlist_flash_bought": "„{name}“ wurde zu „Gekauft“ verschoben. Viel Freude damit!",
        "wishlist_flash_back": "„{name}“ ist wieder auf der Liste.",
        "wishlist_delete_text": "Der Wunsch verlässt die Wunschliste endgültig.",
    ]
}
