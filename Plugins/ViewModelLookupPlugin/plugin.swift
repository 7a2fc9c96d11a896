import PackagePlugin

/// Generates the `child(named:)` lookup of every `ViewModel` struct of the target it is applied
/// to (see Sources/ViewModelLookup/main.swift), into the plugin's work directory.
@main
struct ViewModelLookupPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "ViewModelLookup.swift")
        return [.buildCommand(displayName: "Generating view-model lookups for \(target.name)",
                              executable: try context.tool(named: "ViewModelLookup").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }
}
