import Advisor
import Foundation

/// `WebBenchmark advisor [repetitions]`: the advisor's classifier trained on its corpus, then every
/// training question routed through the classifier alone and through the whole router (rules,
/// then the classifier). Moved out of `swift test`, which asserts no durations; the goals
/// (training well under a second, a question well under a millisecond) are in docs/PERFORMANCE.md.
enum AdvisorBenchmark {
    static func run(repetitions: Int) {
        let examples = AdvisorCorpus.trainingExamples
        var training: [Double] = []
        var classifier = AdvisorClassifier.shared
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            classifier = AdvisorClassifier(examples)
            training.append(milliseconds(ContinuousClock.now - start))
        }
        let questions = examples.map(\.text)
        let classifyStart = ContinuousClock.now
        for question in questions { _ = classifier.posteriors(question) }
        let perQuestion = milliseconds(ContinuousClock.now - classifyStart) / Double(questions.count)
        _ = AdvisorRouter.route("warm-up")
        let routeStart = ContinuousClock.now
        for question in questions { _ = AdvisorRouter.route(question) }
        let perRoute = milliseconds(ContinuousClock.now - routeStart) / Double(questions.count)
        print("Advisor classifier: training median \(format(percentile(training, 50))) ms (\(examples.count) examples, \(repetitions) runs); "
              + "\(String(format: "%.3f", perQuestion)) ms a question; the whole router \(String(format: "%.3f", perRoute)) ms a question "
              + "(\(questions.count) questions)")
    }
}
