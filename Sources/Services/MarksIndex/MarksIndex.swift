// MarksIndex: placeholder.
