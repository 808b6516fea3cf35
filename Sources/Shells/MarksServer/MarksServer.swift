// MarksServer: placeholder.
