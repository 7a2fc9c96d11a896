// The advisor provider's strings (the action contract in the prompt, the checklist action, Test
// connection, usage, streaming): each key with its English and Russian text side by side.
import Engine

extension StringTables {
    static let provider: StringTable = [
        "advisor_prompt_actions": .init(
            en: #"If the user clearly asks you to change something, do not answer in words: reply with exactly one JSON object and nothing else, for example {"action":"goal","payload":{"name":"Vacation","target":"100000","deadline":"2027-06-30"},"confidence":0.9,"needsConfirmation":true}. "action" is one of: goal (name, target, deadline YYYY-MM-DD, priority 1–3, saved), income (name, amount, periodicity weekly|biweekly|monthly|quarterly|yearly, start YYYY-MM-DD), expense (the same and category), limit (category, amount: the monthly limit), strategy (strategy: avalanche|snowball), entry (kind expense|income, name, amount, category, date YYYY-MM-DD, status actual|planned), checklist (step: emergency, or the goal's or loan's name). Every payload value is a string of at most 100 characters without markup; amounts are plain digits; "confidence" is 0–1; "needsConfirmation" is always true. The user sees a preview and confirms it; nothing changes otherwise. Answer everything else in plain text."#,
            ru: #"Если пользователь явно просит что-то изменить, не отвечай словами: ответь ровно одним JSON-объектом и ничем больше, например {"action":"goal","payload":{"name":"Отпуск","target":"100000","deadline":"2027-06-30"},"confidence":0.9,"needsConfirmation":true}. "action" — одно из: goal (name, target, deadline ГГГГ-ММ-ДД, priority 1–3, saved), income (name, amount, periodicity weekly|biweekly|monthly|quarterly|yearly, start ГГГГ-ММ-ДД), expense (то же и category), limit (category, amount: месячный лимит), strategy (strategy: avalanche|snowball), entry (kind expense|income, name, amount, category, date ГГГГ-ММ-ДД, status actual|planned), checklist (step: emergency или название цели либо кредита). Каждое значение payload — строка не длиннее 100 символов без разметки; суммы — просто цифры; "confidence" от 0 до 1; "needsConfirmation" всегда true. Пользователь видит предпросмотр и подтверждает; без этого ничего не меняется. На всё остальное отвечай простым текстом."#),
        "action_summary_checklist": .init(en: "mark the checklist step done: {step}", ru: "отметить шаг чек-листа выполненным: {step}"),
        "action_checklist_fund_row": .init(en: "Emergency fund saved", ru: "Подушка: накоплено"),
        "action_checklist_goal_row": .init(en: "Goal “{name}”: saved", ru: "Цель «{name}»: накоплено"),
        "action_checklist_debt_row": .init(en: "Extra paid on “{name}”, lowering its balance", ru: "Доп. платёж по «{name}» уменьшает долг"),
        "action_error_step_unknown": .init(en: "This month's checklist has no such step. Name the goal or loan, or the emergency fund.", ru: "В чек-листе этого месяца нет такого шага. Назовите цель, кредит или подушку."),
        "action_error_step_ambiguous": .init(en: "Several checklist steps match; name the goal or loan exactly.", ru: "Подходит несколько шагов чек-листа; назовите цель или кредит точно."),
        "action_error_step_done": .init(en: "This checklist step is already done this month.", ru: "Этот шаг чек-листа в этом месяце уже выполнен."),
        "provider_test_title": .init(en: "Test connection", ru: "Проверить подключение"),
        "provider_test_intro": .init(en: "Asks the saved endpoint for its models list (or a one-token answer) with the saved token and key. Save changes first. The key is never shown.", ru: "Запрашивает у сохранённого адреса список моделей (или ответ в один токен) с сохранёнными токеном и ключом. Сначала сохраните изменения. Ключ никогда не показывается."),
        "provider_test_button": .init(en: "Test connection", ru: "Проверить подключение"),
        "provider_test_no_url": .init(en: "Connection not tested: set and save the base URL first.", ru: "Подключение не проверено: сначала укажите и сохраните базовый URL."),
        "provider_test_ok": .init(en: "Connection OK: {host} answered in {ms} ms.", ru: "Подключение работает: {host} ответил за {ms} мс."),
        "provider_test_ok_listed": .init(en: "Connection OK: {host} answered in {ms} ms and lists {models} models, “{model}” among them.", ru: "Подключение работает: {host} ответил за {ms} мс; моделей в списке: {models}, «{model}» среди них."),
        "provider_test_ok_unlisted": .init(en: "Connection OK: {host} answered in {ms} ms, but “{model}” is not among its {models} models — check the model name.", ru: "Подключение работает: {host} ответил за {ms} мс, но «{model}» нет среди его моделей ({models}) — проверьте название модели."),
        "provider_test_refused": .init(en: "Connection failed: {host} refused the request (HTTP {status}): {message}. Check the client token and the key.", ru: "Подключение не удалось: {host} отклонил запрос (HTTP {status}): {message}. Проверьте клиентский токен и ключ."),
        "provider_test_timeout": .init(en: "Connection failed: no answer from {host} within {seconds} s.", ru: "Подключение не удалось: {host} не ответил за {seconds} с."),
        "provider_test_no_connection": .init(en: "Connection failed: cannot reach {host}. Check the address and the network.", ru: "Подключение не удалось: {host} недоступен. Проверьте адрес и сеть."),
        "provider_test_failed": .init(en: "Connection failed: {host}: {reason}.", ru: "Подключение не удалось: {host}: {reason}."),
        "provider_usage_title": .init(en: "Usage", ru: "Расход"),
        "provider_usage_empty": .init(en: "No remote answers yet.", ru: "Удалённых ответов пока не было."),
        "provider_usage_by_day": .init(en: "By day (the last 14 days with calls)", ru: "По дням (последние 14 дней с запросами)"),
        "provider_usage_by_month": .init(en: "By month", ru: "По месяцам"),
        "provider_usage_day": .init(en: "Day", ru: "День"),
        "provider_usage_month": .init(en: "Month", ru: "Месяц"),
        "provider_usage_provider": .init(en: "Provider", ru: "Провайдер"),
        "provider_usage_model": .init(en: "Model", ru: "Модель"),
        "provider_usage_calls": .init(en: "Calls", ru: "Запросы"),
        "provider_usage_in": .init(en: "Tokens in", ru: "Токены на входе"),
        "provider_usage_out": .init(en: "Tokens out", ru: "Токены на выходе"),
    ]
}
