/// Words that make no tag and no collection name on their own: English function words, reporting verbs,
/// web furniture, dates and news-wire abbreviations ("mln", "dlrs", "pct"). Phrases may hold them inside
/// ("bank of england") but never start or end with one.
enum StopWords {
    /// True when `word` (lower-case) is a stop word.
    static func contains(_ word: String) -> Bool {
        all.contains(word)
    }

    private static let all: Set<String> = Set(
        """
        a about above across actually after afterwards again against ago all almost alone along already also although
        always am among amongst an and another any anybody anyhow anyone anything anyway anywhere are aren't around as
        at away back be became because become becomes becoming been before beforehand behind being below beside besides
        between beyond both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down
        during each either else elsewhere enough even ever every everybody everyone everything everywhere except few
        first for former formerly from further furthermore get gets getting given gives go goes going gone got gotten
        had hadn't has hasn't have haven't having he he'd he'll he's hence her here here's hers herself him himself his
        how however i i'd i'll i'm i've ie if in indeed instead into is isn't it it's its itself just keep kept last
        later latter least less let let's like likely made make makes making many may maybe me meanwhile might mine more
        moreover most mostly much must my myself namely neither never nevertheless next no nobody none noone nor not
        nothing now nowhere of off often on once one only onto or other others otherwise our ours ourselves out over
        own per perhaps please put quite rather really same say says said see seem seemed seeming seems seen several
        shall she she'd she'll she's should shouldn't since so some somebody somehow someone something sometime
        sometimes somewhat somewhere still such than that that's the their theirs them themselves then thence there
        there's thereafter thereby therefore therein thereupon these they they'd they'll they're they've this those
        though through throughout thru thus to together too toward towards two under unless until up upon us use used
        uses using very via was wasn't we we'd we'll we're we've well were weren't what what's whatever when whence
        whenever where where's whereafter whereas whereby wherein whereupon wherever whether which while whither who
        who's whoever whole whom whose why will with within without won't would wouldn't yet you you'd you'll you're
        you've your yours yourself yourselves
        able according added adds announced asked ask asks believe believed called came come comes continue continued
        expected expects found give including include includes know known knows look looks looking mean means need
        needs noted reported reports saying show shows showed stated statement stating take takes taken tell
        told think thinks thought want wants went whose yes
        also already new news today yesterday tomorrow tonight day days week weeks month months year years time times
        way ways thing things lot lots part parts number numbers kind sort type etc eg re vs via
        monday tuesday wednesday thursday friday saturday sunday january february march april june july august
        september october november december jan feb mar apr jun jul aug sep sept oct nov dec
        click here read more share shares sharing follow subscribe sign login log home page pages menu search skip
        content contents cookie cookies privacy policy terms copyright reserved rights loading comments comment reply
        http https www com org net html htm php asp amp nbsp
        mln bln dlrs dlr pct cts inc corp co ltd llc plc reuter reuters
        one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty
        ninety hundred hundreds thousand thousands million millions billion billions trillion dozen half
        mr mrs ms dr prof
        good great little big old best better bad worse worst sure true real whole certain different important
        possible available nice fine lot lots company companies
        """.split(whereSeparator: \.isWhitespace).map(String.init))
}
