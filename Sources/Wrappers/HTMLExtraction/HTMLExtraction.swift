// HTMLExtraction: placeholder until the wrapper lands.
