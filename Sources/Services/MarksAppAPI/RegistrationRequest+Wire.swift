extension RegistrationRequest: Decodable {
    /// The keys `POST /v1/auth/register` accepts.
    static let fields = ["device_id", "platform", "app_version", "registration_secret"]

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        self.init(deviceID: try object.required("device_id"), platform: try object.required("platform"),
                  appVersion: try object.required("app_version"), registrationSecret: try object.optional("registration_secret"))
    }
}
