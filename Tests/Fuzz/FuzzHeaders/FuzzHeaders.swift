// libFuzzer target: the Cookie and Accept-Language request headers (HTTPCore).
// scripts/fuzz headers SECONDS.
import FuzzSupport
import HTTPCore

@main enum FuzzHeaders {
    static func main() {
        runFuzzer { data, size in
            let header = String(decoding: fuzzBytes(data, size), as: UTF8.self)
            let cookies = Cookies.parse(header)
            precondition(cookies == Cookies.parse(header), "parsing is deterministic")
            let supported = ["ru", "en"]
            let language = AcceptLanguage.preferred(header, supported: supported, fallback: "en")
            precondition(supported.contains(language), "the chosen language is always a supported one")
            return 0
        }
    }
}
