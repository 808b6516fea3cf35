/// The PWA manifest: installable, standalone, the app's icons, and a share target that opens the Add
/// flow with the shared title, text and URL (`GET /add?title=…&text=…&url=…`). Its `enctype` is the GET default, written
/// out because Chromium otherwise warns on the console of every page ("Manifest: Enctype should be set …").
enum WebManifest {
    static func json(icon192: String, icon512: String) -> String {
        """
        {"name":"Marks","short_name":"Marks","description":"Your linkding bookmarks","id":"/","start_url":"/","scope":"/",\
        "display":"standalone","background_color":"#fbfaf7","theme_color":"#b3261e",\
        "icons":[{"src":"\(icon192)","sizes":"192x192","type":"image/png","purpose":"any"},\
        {"src":"\(icon512)","sizes":"512x512","type":"image/png","purpose":"any"},\
        {"src":"\(icon192)","sizes":"192x192","type":"image/png","purpose":"maskable"},\
        {"src":"\(icon512)","sizes":"512x512","type":"image/png","purpose":"maskable"}],\
        "share_target":{"action":"/share","method":"GET","enctype":"application/x-www-form-urlencoded","params":{"title":"title","text":"text","url":"url"}}}
        """
    }
}
