// MarksEngine: placeholder.
