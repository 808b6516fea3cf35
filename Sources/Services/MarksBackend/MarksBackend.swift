// MarksBackend: placeholder.
