// MarksCLI: placeholder.
