// MarksLibrary: placeholder.
