import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksBookmarks

/// The reader's signed image proxy (`GET /reader/image`), mounted when this server fetches images.
struct ReaderImageController: WebFeature {
    /// The signature purpose of reader image addresses.
    static let purpose = "reader-image"

    let web: WebContext
    let images: ImageFetcher
    /// Where the size of each image served is remembered (nil: nowhere).
    var sizes: ReaderImageSizes? = nil

    /// The image route.
    func mount(on r: inout Router) {
        r.get("/reader/image") { try await readerImage($0) }
    }

    /// `GET /reader/image?u=…&s=…`: an image of an article, fetched through the one page fetcher (address checks,
    /// 4 MB cap, raster types only, checked by their bytes) and served with the type its bytes are, `nosniff` and
    /// a policy that lets nothing run. Only addresses this server signed are fetched, so it is not an open proxy.
    /// Its size in pixels is remembered for the reader (`ReaderImageSizes`).
    func readerImage(_ request: HTTPRequest) async throws -> HTTPResponse {
        let address = try signedAddress(request)
        guard SafeURL.web(address) != nil, let url = URL(string: address) else { throw HTTPError(400, "Not an http(s) image address.") }
        // A refused or failed fetch (`FetchError`, `ImageError`) is a 502 with its reason (`HTTPFailure`).
        let image = try await images.fetch(url, maxBytes: ImageFetcher.readerImageLimit)
        if let sizes, let size = ImageSize(of: image.data) {
            do {
                try sizes.remember(address, size)
            } catch {
                web.log("the reader could not remember an image's size: \(error)")  // the image is served all the same
            }
        }
        return FaviconController.image(image.data, contentType: image.contentType, cacheControl: "private, max-age=86400", etag: nil)
    }

    /// The address of `GET /reader/image?u=…&s=…` when this server signed it, else a 403.
    static func signedAddress(_ request: HTTPRequest, auth: OwnerAuth) throws -> String {
        guard let address = request.query["u"], let signature = request.query["s"],
              auth.verify(purpose, address, signature: signature) else {
            throw HTTPError(403, "This image address was not made by this server.")
        }
        return address
    }

    private func signedAddress(_ request: HTTPRequest) throws -> String {
        try Self.signedAddress(request, auth: auth)
    }
}
