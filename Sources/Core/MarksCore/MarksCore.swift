// MarksCore: placeholder.
