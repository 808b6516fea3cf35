// CryptoPrimitives: placeholder until the wrapper lands.
