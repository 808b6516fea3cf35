// MarksStorage: placeholder.
