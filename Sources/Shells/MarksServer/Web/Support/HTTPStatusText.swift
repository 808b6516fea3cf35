/// Headings for error statuses.
enum HTTPStatusText {
    static func heading(_ status: Int) -> String {
        switch status {
        case 400: "That did not work"
        case 403: "Refused"
        case 404: "Not found"
        case 405: "Not allowed"
        case 413: "Too large"
        case 415: "Not a form"
        case 500...599: "Something went wrong"
        default: "That did not work"
        }
    }
}
