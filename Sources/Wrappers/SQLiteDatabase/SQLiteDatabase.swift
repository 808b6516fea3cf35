// SQLiteDatabase: placeholder until the wrapper lands.
