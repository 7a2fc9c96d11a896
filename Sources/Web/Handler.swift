import Advisor
import Engine
import Foundation
import Logging
import Storage

/// What the features share, built once by `App` and handed to each feature: the database, the
/// configuration, the renderer and static files, the one clock, the logger, and the caches more
/// than one feature reads (the rendered pages, and the figures derived once per data version).
/// A feature's own parts (Auth's passcode hasher and sign-in throttle, Settings' daily backups)
/// are given to that feature alone.
final class Services: Sendable {
    let database: AppDatabase
    let configuration: WebConfiguration
    let logger: Logger
    let renderer: Renderer
    let staticFiles: StaticFiles
    /// The wall clock for `today()`, sessions and lock-outs (tests move it).
    let clock: @Sendable () -> Date
    let pageCache = PageCache()
    /// The plan of one data version (PlanPage.swift).
    let planCache = VersionedCache<(household: Household, plan: Plan)>()
    /// Bills detection and watch of one data version (BillsPage.swift).
    let billsCache = VersionedCache<BillsFigures>()
    /// The forecast with safe to spend of one data version, by horizon and currency (ForecastPage.swift).
    let forecastCache = VersionedCache<Forecast>()
    /// The Advisor's ledger vocabulary (categories, merchants, accounts, payday) of one data version (AdvisorLedger.swift).
    let vocabularyCache = VersionedCache<LedgerVocabulary>()
    /// Achievements derived once per data version, for the notice on the next page (AchievementNotice.swift).
    let achievementNotices = AchievementNoticeMemo()
    /// One import at a time, a backup's or a statement's, its memory handed back after (BackupReader.swift).
    let importGate = ImportGate()

    /// Loads every template and static file (failing fast when one is missing).
    init(configuration: WebConfiguration, database: AppDatabase, logger: Logger, clock: @escaping @Sendable () -> Date) throws {
        self.configuration = configuration
        self.database = database
        self.logger = logger
        self.clock = clock
        renderer = try Renderer(directory: configuration.templatesDirectory)
        staticFiles = try StaticFiles(root: configuration.publicDirectory)
    }

    /// Forgets the figures derived from the data (after a restore or a delete-all, which can
    /// bring an old data version back).
    func dropDerivedFigures() {
        planCache.clear()
        billsCache.clear()
        forecastCache.clear()
        vocabularyCache.clear()
    }
}

/// A type whose methods answer requests: `App` (the few addresses of `Routing.swift`) and each
/// feature (`BudgetFeature`, `BillsFeature`, …, its handlers in its folder's files and its part of
/// the route table, `dispatch`, at the end of its `XRoute.swift`). What every page uses is written
/// once, here and in extensions of `Handler`: the shared services below, rendering a page and the
/// error pages (`PageRendering.swift`), `today()` (`Today.swift`), the household's settings, and
/// the figures several features read (the plan, the forecast, the bills, the checklist: each
/// defined once, in an `extension Handler` in the file that owns it).
protocol Handler: Sendable {
    var services: Services { get }
}

extension Handler {
    /// What a request asks of its route: to read it, or to submit a form (Routing.swift).
    typealias Method = RequestMethod

    var database: AppDatabase { services.database }
    var configuration: WebConfiguration { services.configuration }
    var logger: Logger { services.logger }
    var renderer: Renderer { services.renderer }
    var staticFiles: StaticFiles { services.staticFiles }
    var clock: @Sendable () -> Date { services.clock }
    var pageCache: PageCache { services.pageCache }
    var planCache: VersionedCache<(household: Household, plan: Plan)> { services.planCache }
    var billsCache: VersionedCache<BillsFigures> { services.billsCache }
    var forecastCache: VersionedCache<Forecast> { services.forecastCache }
    var vocabularyCache: VersionedCache<LedgerVocabulary> { services.vocabularyCache }
    var achievementNotices: AchievementNoticeMemo { services.achievementNotices }
    var importGate: ImportGate { services.importGate }

    /// Forgets the figures derived from the data (after a restore or a delete-all).
    func dropDerivedFigures() { services.dropDerivedFigures() }
}
