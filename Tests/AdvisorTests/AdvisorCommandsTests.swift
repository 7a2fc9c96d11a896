import Engine
import Foundation
import Testing
@testable import Advisor

/// Tests Sources/Advisor/AdvisorCommands.swift: the advisor's command parser, pure.
@Suite("Advisor commands")
struct AdvisorCommandsTests {
    static let today = Day(year: 2026, month: 11, day: 21)!
    static let categories: [(key: String, names: [String])] = [
        ("food", ["Food", "Еда"]), ("housing", ["Housing", "Жильё"]), ("transport", ["Transport", "Транспорт"]),
        ("health", ["Health", "Здоровье"]), ("other", ["Other", "Другое"]),
    ]

    @Test("a question that clearly asks for a change becomes that action", arguments: [
        ("add a goal vacation 100000 by June", AdvisorAction(kind: .goal, fields: ["name": "Vacation", "target": "100000", "priority": "2", "deadline": "2027-06-30"])),
        ("Please add goal Car 500 000", AdvisorAction(kind: .goal, fields: ["name": "Car", "target": "500000", "priority": "2"])),
        ("добавь цель отпуск 150 000 к июню", AdvisorAction(kind: .goal, fields: ["name": "Отпуск", "target": "150000", "priority": "2", "deadline": "2027-06-30"])),
        ("set a limit for food 20000", AdvisorAction(kind: .limit, fields: ["category": "food", "amount": "20000"])),
        ("поставь лимит на еду 20000", AdvisorAction(kind: .limit, fields: ["category": "food", "amount": "20000"])),
        ("switch to snowball", AdvisorAction(kind: .strategy, fields: ["strategy": "snowball"])),
        ("переключи на лавину", AdvisorAction(kind: .strategy, fields: ["strategy": "avalanche"])),
        ("я потратил 450 на обед", AdvisorAction(kind: .entry, fields: ["kind": "expense", "name": "Обед", "amount": "450", "category": "food",
                                                                       "date": "2026-11-21", "status": "actual"])),
        ("I spent 12.50 on a taxi", AdvisorAction(kind: .entry, fields: ["kind": "expense", "name": "Taxi", "amount": "12.50", "category": "transport",
                                                                        "date": "2026-11-21", "status": "actual"])),
        ("add a recurring expense gym 3000", AdvisorAction(kind: .expense, fields: ["name": "Gym", "amount": "3000", "periodicity": "monthly",
                                                                                   "start": "2026-11-21", "category": "health"])),
        ("добавь доход фриланс 20 тыс в месяц", AdvisorAction(kind: .income, fields: ["name": "Фриланс", "amount": "20000", "periodicity": "monthly",
                                                                                      "start": "2026-11-21"])),
    ])
    func command(question: String, expected: AdvisorAction) {
        #expect(AdvisorCommands.parse(question, today: Self.today, categories: Self.categories) == expected)
    }

    @Test("ordinary questions are not commands", arguments: [
        "How much did I spend on food?", "Should I switch to snowball?", "What is the avalanche method?", "How do I add a goal?",
        "Can I afford a vacation for 100000?", "add a goal", "add a goal 100 200 300 400", "сколько я потратил на еду?",
        "set a limit for food", "я потратил много на обед", "добавь цель",
    ])
    func notACommand(question: String) {
        #expect(AdvisorCommands.parse(question, today: Self.today, categories: Self.categories) == nil)
    }

    @Test("checklist commands", arguments: [
        ("mark the emergency fund step done", "emergency fund"), ("Mark laptop as done", "laptop"),
        ("please mark the checklist step Car loan completed", "car loan"), ("отметь шаг подушка выполненным", "подушка"),
        ("шаг ноутбук выполнен", "ноутбук"), ("отметь ипотеку как выполненный", "ипотеку"),
    ])
    func checklistCommand(question: String, step: String) {
        #expect(AdvisorCommands.parse(question, today: AdvisorCommandsTests.today, categories: AdvisorCommandsTests.categories)
            == AdvisorAction(kind: .checklist, fields: ["step": step]))
    }

    @Test("not checklist commands", arguments: ["mark done", "how do I mark a step done?", "отметь", "what does mark as done mean"])
    func notChecklist(question: String) {
        #expect(AdvisorCommands.parse(question, today: AdvisorCommandsTests.today, categories: AdvisorCommandsTests.categories)?.kind != .checklist)
    }
}
