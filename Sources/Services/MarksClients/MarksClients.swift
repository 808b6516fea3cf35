// MarksClients: placeholder.
