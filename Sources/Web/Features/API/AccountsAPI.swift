import Engine
import HTTPCore
import Storage

// Routes:
//   GET /api/v1/accounts   [{id, name, type, balance, clearedBalance, spendable, closed}], balances today in minor units

extension APIFeature {
    func accountsAPI(_ context: RequestContext) throws -> Response {
        let balances = try database.balances(on: today())
        return JSON.array(try database.accounts().map { account in
            let balance = balances[account.id] ?? AccountBalance(balance: account.openingBalance, cleared: account.openingBalance)
            return .object([
                ("id", .integer(account.id.rawValue)),
                ("name", .string(account.name)),
                ("type", .string(account.type.rawValue)),
                ("balance", .integer(balance.balance.minorUnits)),
                ("clearedBalance", .integer(balance.cleared.minorUnits)),
                ("spendable", .bool(account.spendable)),
                ("closed", .bool(account.closed)),
            ])
        }).response()
    }
}
