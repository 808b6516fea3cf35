// HTTPServer: placeholder until the wrapper lands.
