// The wishlist's strings: each key with its English and Russian text side by side.
import Engine

extension StringTables {
    static let wishlist: StringTable = [
        "wishlist_link": .init(en: "Wishlist", ru: "Список желаний"),
        "wishlist_title": .init(en: "Wishlist", ru: "Список желаний"),
        "wishlist_add": .init(en: "Add item", ru: "Добавить"),
        "wishlist_empty": .init(en: "Nothing on the list yet. Add what you would like to buy, with its price: the Advisor can tell whether it fits.", ru: "Список пока пуст. Добавьте то, что хотите купить, с ценой: советник подскажет, по карману ли это."),
        "wishlist_hint": .init(en: "FinMind buys nothing: “Bought” only moves the item to the history below.", ru: "FinMind ничего не покупает: «Куплено» лишь переносит вещь в историю ниже."),
        "wishlist_total": .init(en: "The whole list: {amount}", ru: "Весь список: {amount}"),
        "wishlist_history": .init(en: "Bought", ru: "Куплено"),
        "wishlist_history_empty": .init(en: "Nothing bought yet.", ru: "Пока ничего не куплено."),
        "wishlist_new_title": .init(en: "New wishlist item", ru: "Новое желание"),
        "wishlist_edit_title": .init(en: "Wishlist item", ru: "Желание"),
        "wishlist_intro": .init(en: "The price is in the household currency.", ru: "Цена — в валюте семьи."),
        "wishlist_field_title": .init(en: "What", ru: "Что"),
        "wishlist_field_price": .init(en: "Price", ru: "Цена"),
        "wishlist_field_priority": .init(en: "Priority", ru: "Приоритет"),
        "wishlist_field_link": .init(en: "Link (optional)", ru: "Ссылка (необязательно)"),
        "wishlist_field_goal": .init(en: "Saved from the goal (optional)", ru: "Из цели (необязательно)"),
        "wishlist_hint_link": .init(en: "An address starting with http:// or https://.", ru: "Адрес, начинающийся с http:// или https://."),
        "wishlist_link_invalid": .init(en: "Enter an address starting with http:// or https://.", ru: "Введите адрес, начинающийся с http:// или https://."),
        "wishlist_priority_1": .init(en: "Some day", ru: "Когда-нибудь"),
        "wishlist_priority_2": .init(en: "Would like", ru: "Хочется"),
        "wishlist_priority_3": .init(en: "Really want", ru: "Очень хочу"),
        "wishlist_goal_none": .init(en: "No goal", ru: "Без цели"),
        "wishlist_for_goal": .init(en: "for “{goal}”", ru: "для «{goal}»"),
        "wishlist_open_link": .init(en: "Open the link", ru: "Открыть ссылку"),
        "wishlist_afford": .init(en: "Can I afford it?", ru: "Могу ли я себе это позволить?"),
        "wishlist_question": .init(en: "Can I afford “{title}” for {price}?", ru: "Могу ли я позволить себе «{title}» за {price}?"),
        "wishlist_bought_action": .init(en: "Bought", ru: "Куплено"),
        "wishlist_undo_action": .init(en: "Back to the list", ru: "Вернуть в список"),
        "wishlist_bought_on": .init(en: "bought {date}", ru: "куплено {date}"),
        "wishlist_flash_bought": .init(en: "“{name}” moved to Bought. Enjoy it!", ru: "«{name}» — в купленном. Пусть радует!"),
        "wishlist_flash_back": .init(en: "“{name}” is back on the list.", ru: "«{name}» снова в списке."),
        "wishlist_delete_text": .init(en: "The item leaves the wishlist for good.", ru: "Желание будет удалено из списка насовсем."),
    ]
}
