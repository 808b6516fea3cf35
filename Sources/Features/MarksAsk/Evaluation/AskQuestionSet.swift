/// The questions Ask is measured on, written by the team over the Reuters-21578 articles that ship in Debian's
/// r-cran-tm (`scripts/fetch-eval-data.sh`): each answerable one names the article that holds its answer and a
/// few words the answer must contain; the unanswerable ones ask what no article says (some close to the
/// corpus's subjects, so a near miss must still abstain).
public enum AskQuestionSet {
    /// A question whose answer is in the library.
    public struct Answerable: Sendable {
        public var question: String
        /// The article that holds the answer (`acq/reut-00001.xml`).
        public var source: String
        /// Words the answering passage and the answer must contain (case does not matter).
        public var answer: String
    }

    public static let answerable: [Answerable] = [
        .init(question: "How much did Diamond Shamrock cut its crude oil contract prices?", source: "crude/reut-00001.xml", answer: "1.50 dlrs a barrel"),
        .init(question: "What is Texaco Canada's posted price for Edmonton/Swann Hills Light Sweet?", source: "crude/reut-00004.xml", answer: "22.26"),
        .init(question: "What did Marathon's posted price for West Texas Sour become?", source: "crude/reut-00005.xml", answer: "16.50"),
        .init(question: "What are the Houston Oil Trust's future net revenues from proved reserves estimated at?", source: "crude/reut-00006.xml", answer: "88 mln"),
        .init(question: "What is Kuwait's OPEC quota?", source: "crude/reut-00007.xml", answer: "948,000"),
        .init(question: "By how much did Indonesia devalue its currency?", source: "crude/reut-00008.xml", answer: "31 pct"),
        .init(question: "What deficit does Qatar project in its 1987/88 budget?", source: "crude/reut-00010.xml", answer: "5.472 billion"),
        .init(question: "What was Saudi crude oil output in February?", source: "crude/reut-00012.xml", answer: "3.5 mln"),
        .init(question: "Where did the Gulf Arab deputy oil ministers meet?", source: "crude/reut-00013.xml", answer: "Bahrain"),
        .init(question: "Which tanker closed the port of Philadelphia?", source: "crude/reut-00016.xml", answer: "Seapride II"),
        .init(question: "How big should the strategic petroleum reserve be, according to the Aspen Institute study group?", source: "crude/reut-00018.xml", answer: "one mln barrels"),
        .init(question: "When will NYMEX start its expanded off-hour trading?", source: "crude/reut-00022.xml", answer: "April one"),
        .init(question: "How much did Argentine crude oil production fall in January 1987?", source: "crude/reut-00023.xml", answer: "10.8 pct"),
        .init(question: "Who is the director of Cambridge Energy Research Associates?", source: "crude/reut-00002.xml", answer: "Daniel Yergin"),
        .init(question: "By how much did OPEC agree to cut its total oil output ceiling?", source: "crude/reut-00014.xml", answer: "7.25 pct"),
        .init(question: "Who bought shares and warrants of Computer Terminal Systems?", source: "acq/reut-00001.xml", answer: "Sedio"),
        .init(question: "How much did Ohio Mattress earn in the first quarter of fiscal 1986?", source: "acq/reut-00002.xml", answer: "2.4 mln"),
        .init(question: "Which company takes over the South American service of U.S. Lines?", source: "acq/reut-00003.xml", answer: "American Transport Lines"),
        .init(question: "How much per share did Waste Management offer for ChemLawn?", source: "acq/reut-00004.xml", answer: "27 dlrs"),
        .init(question: "What does Gulfex make?", source: "acq/reut-00005.xml", answer: "process vessels"),
        .init(question: "Which firm led the group that cut its Cyclops stake?", source: "acq/reut-00006.xml", answer: "Mutual Shares"),
        .init(question: "What stake does Industrial Equity hold in Wrather?", source: "acq/reut-00008.xml", answer: "11.3 pct"),
        .init(question: "How many Emerson shares does each Liebert shareholder receive?", source: "acq/reut-00009.xml", answer: ".3322"),
        .init(question: "Who was elected to the Robeson board?", source: "acq/reut-00011.xml", answer: "Carl Singer"),
        .init(question: "How many shares of Epsilon Data Management did Kenneth Thomas and his father acquire?", source: "acq/reut-00012.xml", answer: "258,591"),
        .init(question: "Which minister ruled on Union Faith's purchase of the Husky stake?", source: "acq/reut-00013.xml", answer: "Michel Cote"),
        .init(question: "What does the Versatile Noble Cultivators division make?", source: "acq/reut-00015.xml", answer: "tillage and spraying equipment"),
        .init(question: "How much is Videotron paying for half of Promexpo?", source: "acq/reut-00016.xml", answer: "three mln dlrs"),
        .init(question: "What were Ionic Industries' revenues in 1986?", source: "acq/reut-00017.xml", answer: "8.4 mln"),
        .init(question: "Which Nippon Kokan affiliates are considering a merger?", source: "acq/reut-00018.xml", answer: "Azuma Steel"),
        .init(question: "What price is SHV offering for each IC Gas ordinary share?", source: "acq/reut-00021.xml", answer: "700p"),
        .init(question: "How much is Sale Tilney paying for B and R International?", source: "acq/reut-00022.xml", answer: "5.6 mln"),
        .init(question: "How much will Coloroll pay for Wallco?", source: "acq/reut-00024.xml", answer: "14.5 mln"),
        .init(question: "Where is Supermac Technology based?", source: "acq/reut-00025.xml", answer: "Mountain View"),
        .init(question: "How much cash per share is the Hutton company paying for Purolator?", source: "acq/reut-00030.xml", answer: "35 dlrs"),
        .init(question: "What will the Santa Barbara Biltmore Hotel be renamed?", source: "acq/reut-00032.xml", answer: "Four Seasons Biltmore"),
        .init(question: "How many NECO shares is David La Roche offering to buy?", source: "acq/reut-00034.xml", answer: "170,000"),
        .init(question: "What does South Western Engineering manufacture?", source: "acq/reut-00035.xml", answer: "heat transfer equipment"),
        .init(question: "What share of Penn Traffic does Miller Tabak hold after its tender offer?", source: "acq/reut-00039.xml", answer: "91.8 pct"),
        .init(question: "What exchange ratio was set for Corning's acquisition of Hazleton Laboratories?", source: "acq/reut-00046.xml", answer: "0.5165"),
        .init(question: "How large a mortgage did Bally assume in buying the Golden Nugget?", source: "acq/reut-00047.xml", answer: "299 mln"),
        .init(question: "How much did UtiliCorp pay for West Virginia Power?", source: "acq/reut-00055.xml", answer: "21 mln"),
        .init(question: "How much per share is Diagnostic Retrieval Systems offering for Rospatch?", source: "acq/reut-00042.xml", answer: "22 dlrs"),
        .init(question: "How many acres does Heinl's Nursery own?", source: "acq/reut-00049.xml", answer: "100 acres"),
        .init(question: "How much is Montedison reported to pay for Antibioticos?", source: "acq/reut-00054.xml", answer: "500 billion lire"),
    ]

    /// Questions no article answers.
    public static let unanswerable: [String] = [
        "What is the boiling point of mercury?",
        "Who won the 1986 World Cup final?",
        "How do I bake sourdough bread?",
        "What is the population of Iceland?",
        "How much did Exxon pay for Mobil?",
        "What dividend did IBM declare in March?",
        "When did Chrysler agree to buy American Motors?",
        "What is the capital of Australia?",
        "How many moons does Jupiter have?",
        "What did Toyota say about car exports to Europe?",
        "Who is the chief executive of Apple Computer?",
        "What price did Nigeria set for its Bonny Light crude?",
        "How do I configure a firewall on Linux?",
        "What is a good recipe for guacamole?",
        "What interest rate did the Bundesbank set?",
        "How many employees does General Motors have?",
    ]
}
