/// One sample export of each service Marks imports, for the importer's tests (core, library, CLI, web).
///
/// None is a real export: there is no network here, so each is written by hand from the format as its service
/// documents it (and as the peers' importers read it), to the best of our knowledge — a column or key we may have
/// missed is ignored by the importer in any case. Each carries the awkward cases the tests check: HTML in a title, a
/// repeated address (merged), an address that is not http(s) (skipped and reported), a date the service would not
/// write (kept without it, reported), unknown columns or keys (ignored).
public enum ImportSamples {
    /// Pocket's CSV export (`part_000000.csv`, 2024–2025): `title,url,time_added,tags,status`; tags split by `|`;
    /// `status` unread or archive. An unknown `cursor` column; a title over two lines.
    public static let pocketCSV = #"""
        title,url,time_added,cursor,tags,status
        "Swift &amp; <b>Concurrency</b>",https://swift.org/concurrency,1700000000,c1,swift|programming,unread
        "Read later, with a comma",https://example.com/a?x=1&y=2,1690000000,,,archive
        "Quoted ""title""",https://example.org/quoted,1680000000,,reading|later,unread
        Not a page,javascript:alert(1),1680000001,,,unread
        Again,https://swift.org/concurrency,1600000000,,news,archive
        Hostile date,https://example.net/date,99999999999999999999,,,unread
        "Two
        lines",https://example.net/multi,1650000000,,,unread

        """#

    /// Pocket's older HTML export (`ril_export.html`): an Unread and a Read Archive list of links with `time_added`
    /// and comma-separated `tags`.
    public static let pocketHTML = """
        <!DOCTYPE html>
        <html>
        \t<!--So long and thanks for all the fish-->
        \t<head>
        \t\t<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
        \t\t<title>Pocket Export</title>
        \t</head>
        \t<body>
        \t\t<h1>Unread</h1>
        \t\t<ul>
        \t\t\t<li><a href="https://example.com/unread" time_added="1500000000" tags="one,two">Unread &amp; new</a></li>
        \t\t\t<li><a href="ftp://example.com/file" time_added="1500000001" tags="">An FTP file</a></li>
        \t\t</ul>
        \t\t
        \t\t<h1>Read Archive</h1>
        \t\t<ul>
        \t\t\t<li><a href="https://example.com/read" time_added="1400000000" tags="">Read one</a></li>
        \t\t</ul>
        \t</body>
        </html>

        """

    /// Instapaper's CSV export: `URL,Title,Selection,Folder,Timestamp` and the newer `Tags` (a JSON list).
    public static let instapaperCSV = #"""
        URL,Title,Selection,Folder,Timestamp,Tags
        https://example.com/one,"One &amp; only",,Unread,1600000000,[]
        https://example.com/two,Two,"A selected sentence.",Archive,1600000100,"[""deep""]"
        https://example.com/three,Three,,Recipes,1600000200,
        mailto:someone@example.com,Mail,,Unread,1600000300,
        https://example.com/one,One again,,Starred,1600000400,

        """#

    /// Readwise Reader's CSV export: `Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen`; tags
    /// as a Python list; two items Reader listed from a feed.
    public static let readwiseCSV = #"""
        Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen
        Reader one,https://example.com/r1,01abc,"['ai', 'models']",2024-03-01 10:20:30+00:00,0.25,later,True
        Reader two,https://example.com/r2,01abd,[],2024-03-02 11:00:00+00:00,1,archive,True
        A feed item,https://feeds.example/x,01abe,[],2024-03-03 00:00:00+00:00,0,feed,False
        Another feed item,https://feeds.example/y,01abf,[],2024-03-03 00:00:01+00:00,0,feed,False
        Finished,https://example.com/r3,01abg,,2024-03-04T05:06:07Z,1.0,new,True
        Bad date,https://example.com/r4,01abh,,yesterday,0,new,False

        """#

    /// Wallabag's JSON export (2.x): entries with `is_archived`/`is_starred` as 0/1 or booleans, tags as names (or
    /// as the API's objects), `created_at` with a `+0200` zone, annotations with `quote`, `text` and `ranges`.
    public static let wallabagJSON = #"""
        [
          {"is_archived": 1, "is_starred": 0, "tags": ["linux", "self-hosted"], "is_public": false, "id": 1,
           "title": "Wallabag &amp; friends", "url": "https://wallabag.example/one", "content": "<p>Text with a quoted part.</p>",
           "created_at": "2016-09-08T11:55:58+0200", "updated_at": "2016-09-09T11:55:58+0200", "mimetype": "text/html",
           "language": "en", "reading_time": 3, "domain_name": "wallabag.example", "preview_picture": null,
           "annotations": [{"user": "me", "annotator_schema_version": "v1.0", "id": 3, "text": "My note",
                            "created_at": "2016-09-08T12:00:00+0200", "updated_at": "2016-09-08T12:00:00+0200",
                            "quote": "a quoted part", "ranges": [{"start": "/p[1]", "startOffset": "10", "end": "/p[1]", "endOffset": "23"}]}]},
          {"is_archived": 0, "is_starred": 1, "tags": [], "id": 2, "title": "Starred", "url": "https://wallabag.example/two",
           "content": "", "created_at": "2020-01-01T00:00:00Z", "annotations": []},
          {"is_archived": false, "is_starred": false, "tags": [{"id": 1, "label": "api-shape", "slug": "api-shape"}], "id": 3,
           "title": "Not the web", "url": "file:///etc/passwd", "created_at": "2020-01-01 00:00:00"},
          {"is_archived": 0, "is_starred": 0, "id": 4, "title": "Odd date", "url": "https://wallabag.example/four",
           "created_at": "32/13/2020"},
          {"is_archived": 0, "is_starred": 0, "id": 5, "title": "Again", "url": "https://wallabag.example/two", "tags": ["again"],
           "created_at": "2021-01-01T00:00:00+00:00"}
        ]

        """#

    /// Omnivore's `metadata_0_to_N.json` (one of the files in its export ZIP).
    public static let omnivoreJSON = #"""
        [{"id": "o1", "slug": "omnivore-one", "title": "Omnivore one", "description": "Desc", "author": "A",
          "url": "https://omnivore.example/one", "state": "Archived", "readingProgress": 100, "thumbnail": null,
          "labels": ["Newsletter"], "savedAt": "2023-10-10T10:10:10.000Z", "updatedAt": "2023-10-11T10:10:10.000Z",
          "publishedAt": null},
         {"id": "o2", "slug": "omnivore-two", "title": "Two", "description": "", "url": "https://omnivore.example/two",
          "state": "Succeeded", "readingProgress": 20, "labels": [], "savedAt": "2023-10-12T10:10:10.000Z"}]

        """#

    /// Karakeep's JSON export: bookmarks with `content` of type link (or text: no address), lists of bookmark ids.
    public static let karakeepJSON = #"""
        {"bookmarks": [
          {"id": "k1", "createdAt": 1710000000, "title": "Karakeep <i>link</i>", "tags": ["ai", "tools"],
           "content": {"type": "link", "url": "https://karakeep.example/one"}, "note": "A note", "archived": false,
           "favourited": true},
          {"id": "k2", "createdAt": 1710000100, "title": null, "tags": [], "content": {"type": "text", "text": "Just a note"},
           "note": null, "archived": false, "favourited": false},
          {"id": "k3", "createdAt": 1710000200, "title": "Archived", "tags": [],
           "content": {"type": "link", "url": "https://karakeep.example/two"}, "note": null, "archived": true,
           "favourited": false}
         ],
         "lists": [{"id": "l1", "name": "Reading list", "icon": "📚", "bookmarks": ["k1", "k3"]}]}

        """#

    /// Linkwarden's JSON export: the account with its collections and their links (an uploaded PDF has no URL).
    public static let linkwardenJSON = #"""
        {"id": 1, "name": "Me", "username": "me", "email": null, "collections": [
          {"id": 1, "name": "Unorganized", "description": "", "color": "#0ea5e9", "links": [
            {"id": 1, "name": "Linkwarden docs", "type": "url", "description": "How to", "url": "https://docs.linkwarden.example/",
             "createdAt": "2024-01-02T03:04:05.678Z", "tags": [{"id": 1, "name": "docs"}]}
          ]},
          {"id": 2, "name": "Research", "links": [
            {"id": 2, "name": "Paper", "type": "url", "description": "", "url": "https://arxiv.example/abs/1",
             "createdAt": "2024-02-03T04:05:06.000Z", "tags": []},
            {"id": 3, "name": "Uploaded PDF", "type": "pdf", "description": "", "url": null,
             "createdAt": "2024-02-03T04:05:06.000Z", "tags": []}
          ]}
        ]}

        """#

    /// Every sample with the format it is, and how many bookmarks it imports into an empty library.
    public static let all: [(name: String, text: String, bookmarks: Int)] = [
        ("pocket-csv", pocketCSV, 5), ("pocket-html", pocketHTML, 2), ("instapaper", instapaperCSV, 3),
        ("readwise", readwiseCSV, 4), ("wallabag", wallabagJSON, 3), ("omnivore", omnivoreJSON, 2),
        ("karakeep", karakeepJSON, 2), ("linkwarden", linkwardenJSON, 2),
    ]
}
