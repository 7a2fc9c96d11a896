#!/usr/bin/env python3
"""A Python mirror of AdvisorRouter + AdvisorClassifier, for fast k-fold cross-validation on the
TRAINING part only (the held-out quarter, FNV-1a-64 % 4 == 0, is dropped on reading and never
printed). The keyword rules and money words are read from Sources/Advisor/AdvisorIntent.swift;
the afford/spend verbs and injection patterns are copied (keep them in step). With the shipped
settings it reproduces AdvisorCorpusTests/crossValidation exactly.
Run from the repository root:
    python3 scripts/advisor-corpus/cv.py                      # the shipped settings, with confusion pairs
    python3 scripts/advisor-corpus/cv.py "dict(stems=False)" "dict(mwconf=0.5)"   # classifier / router options
Classifier options: stems, stempairs, alpha, ngr=(lo, hi), words, pairs, rules, rulecap, idf, prior,
complement. Router options: kmin, kmargin, override, unsure, nokw, moneyrule, mwconf, waconf.
"""
import re, math, unicodedata, sys, os
from collections import Counter, defaultdict
ROOT = os.environ.get('ROOT', os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')))
INTENTS = ['whoAreYou','checkup','affordability','goals','taxes','debts','emergencyFund','insurance','investing','cutExpenses','budget','offTopic','bills','limits','forecast','challenge','imports']

def parse(text):
    out = []; cur = None
    for raw in text.split('\n'):
        line = raw.strip()
        if not line: continue
        if line.startswith('[') and line.endswith(']'):
            p = line[1:-1].split(); cur = (p[0], p[1]) if len(p) == 2 and p[0] in INTENTS else None; continue
        if cur: out.append((line, cur[0], cur[1]))
    return out

def fnv(t):
    h = 0xcbf29ce484222325
    for b in t.encode('utf-8'): h ^= b; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

def training_from_corpus():
    # training part only: from the .txt files, dropping held-out (fnv % 4 == 0), deduped like split.py
    import glob
    seen = set(); out = []
    for path in sorted(glob.glob(os.path.join(ROOT, 'scripts/advisor-corpus/*.txt'))):
        key = None
        for raw in open(path, encoding='utf-8'):
            line = raw.strip()
            if not line: continue
            if line.startswith('[') and line.endswith(']'):
                key = tuple(line[1:-1].split()); continue
            if line in seen: continue
            seen.add(line)
            if fnv(line) % 4 != 0: out.append((line, key[0], key[1]))
    # keep split.py's order (grouped by first appearance of section)
    order = []; groups = defaultdict(list)
    for t, i, l in out:
        if (i, l) not in groups: order.append((i, l))
        groups[(i, l)].append((t, i, l))
    return [e for k in order for e in groups[k]]

src = open(os.path.join(ROOT, 'Sources/Advisor/AdvisorIntent.swift'), encoding='utf-8').read()

def parse_list(s):
    return [(x.lstrip(' ').replace('_', ' ')) for x in s.replace('\\\n', '').split(',')]

RULES = {}
body = src[src.index('private static let rules'):src.index('/// Finds the amount')]
for m in re.finditer(r'\.(\w+): ((?:\s*\+?\s*list\((\d+), (?:"""(?:.|\n)*?"""|"[^"\n]*")\)\s*)+)', body):
    intent = m.group(1); rules = []
    for lm in re.finditer(r'list\((\d+), (?:"""\n((?:.|\n)*?)\n\s*"""|"([^"\n]*)")\)', m.group(2)):
        w = int(lm.group(1)); s = lm.group(2) if lm.group(2) is not None else lm.group(3)
        s = '\n'.join(l.strip() for l in s.split('\n'))
        s = s.replace('\\\n', '')
        for stem in s.split(','):
            stem = stem.lstrip(' ').replace('_', ' ')
            if len(stem.encode()) >= 2: rules.append((stem, w))
    RULES[intent] = rules
assert len(RULES) == 16, RULES.keys()
mw = re.search(r'static let moneyWords = """\n((?:.|\n)*?)\n\s*"""', src).group(1)
mw = '\n'.join(l.strip() for l in mw.split('\n')).replace('\\\n', '')
MONEY = [w.strip() for w in mw.split(',') if w.strip()]
AFFORD = ["afford", "can i buy", "can we buy", "could i buy", "позвол", "потян", "по карману", "осил", "вытян", "могу ли я купить", "можно ли купить", "можно мне купить", "можно я потрачу", "норм ли купить", "нормально ли купить", "should i splurge", "can i splurge"]
SPEND = ["can i spend", "can we spend", "ok to spend", "okay to spend", "можно ли тратить", "могу ли я тратить", "можно ли мне тратить", "можно тратить"]
INJ = [
 [["ignore", "disregard", "forget", "override", "bypass"], ["instruction", "rules", "prompt", "restriction", "previous", "prior", "above"]],
 [["system prompt", "hidden prompt", "your prompt", "initial prompt", "your instructions", "print your", "repeat the text", "jailbreak", "you are now", "developer mode"]],
 [["игнорир", "забудь", "забудьте", "не обращай", "отмени", "обойди"], ["инструкц", "правил", "промпт", "ограничен", "предыдущ"]],
 [["forget everything", "pretend you have no", "pretend you are", "act as a", "act as an", "roleplay", "забудь все", "забудь всё", "притворись", "веди себя как"]],
 [["системный промпт", "системного промпта", "скрытый промпт", "твой промпт", "свои инструкции", "твои инструкции", "повтори текст выше", "теперь ты", "режим разработчика"]],
 [["what", "which", "tell me", "reveal", "real", "какая", "какой", "назови", "скажи", "настоящ"], ["llm", "gpt", "openai", "anthropic", "language model", "языковая модель", "нейросет"]],
 [["your model", "your real model", "model name", "model you are", "model are you", "свою модель", "твоя модель", "какая ты модель", "настоящую модель"]],
 [["ты", "вы"], ["вообще кто", "кто такой", "кто такая", "кто такие", "ии ", "gpt", "chatgpt", "чатгпт", "llama", "гигачат", "алиса", "бот", "нейросеть", "языковая"]],
 [["you", "u", "r u", "you re"], ["gpt", "chatgpt", "llama", "mistral", "bard", "gemini", "claude", "llm", "language model", "a bot"]],
]

def rnorm(text):
    out = ' '
    for ch in text.lower().replace('ё', 'е'):
        if ch.isalpha() or ch.isnumeric() or ch in '/-': out += ch
        elif out[-1] != ' ': out += ' '
    if out[-1] != ' ': out += ' '
    return out

def is_identity(text):
    for stem, w in RULES['whoAreYou']:
        if (' ' + stem) in text: return True
    return any(all(any((' ' + a) in text for a in part) for part in pat) for pat in INJ)

AMT = re.compile(r'(\d{1,3}(?:[ \u00A0,]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*(k\b|к\b|тыс|thousand|th\b)?', re.I)
def amount(q):
    m = AMT.search(q)
    if not m: return None
    d = ''.join(c for c in m.group(1) if c.isdigit())
    if len(d) > 12: return None
    v = int(d) * 100
    if m.group(2): v += int(m.group(2)) * (10 if len(m.group(2)) == 1 else 1)
    if m.group(3): v *= 1000
    return v if 0 < v <= 10**12 else None

def is_monthly(q):
    t = rnorm(q)
    return any(x in t for x in [" a month ", " per month ", " monthly ", " every month ", " mo ", " в месяц ", " ежемесячно ", " каждый месяц "])

def cnorm(text):
    out = [' ']
    for ch in unicodedata.normalize('NFKC', text).lower():
        if ch == 'ё': ch = 'е'
        if ch.isalpha() or unicodedata.numeric(ch, None) is not None: out.append(ch)
        elif out[-1] != ' ': out.append(' ')
    if out[-1] != ' ': out.append(' ')
    return ''.join(out)

def rule_scores(text):
    sc = {}
    for intent in INTENTS:
        s = sum(w for stem, w in RULES.get(intent, []) if (' ' + stem) in text)
        if s > 0: sc[intent] = s
    return sc

RU_SUFFIXES = sorted("""ами ями ому ему ого его ыми ими ой ей ий ый ая яя ое ее ые ие ую юю ом ем ам ям ах ях ов ев ешь ет ем ете ут ют ишь ит им ите ат ят ла ли ло ть ться тся сь ся ю у а я о е ы и ь й""".split(), key=len, reverse=True)
def stem(w):
    if not any('а' <= c <= 'я' for c in w):
        for suf in ('ing', 'ed', 'es', 's'):
            if len(w) > len(suf) + 3 and w.endswith(suf): return w[:-len(suf)]
        return w
    changed = True
    w0 = w
    for suf in RU_SUFFIXES:
        if len(w) - len(suf) >= 3 and w.endswith(suf): return w[:-len(suf)]
    return w

def features(text, cfg):
    s = cnorm(text); out = []; seen = set()
    def add(f):
        if f not in seen: seen.add(f); out.append(f)
    lo, hi = cfg.get('ngr', (2, 5))
    for n in range(lo, hi + 1):
        for i in range(0, len(s) - n + 1): add('c' + s[i:i+n])
    words = s.split()
    if cfg.get('words', True):
        for w in words: add('w' + w)
    if cfg.get('pairs', True):
        for a, b in zip(words, words[1:]): add('p' + a + ' ' + b)
    if cfg.get('stems'):
        st = [stem(w) for w in words if not cfg.get('stems_ru_only') or any('а' <= c <= 'я' for c in w)]
        for w in st: add('s' + w)
        if cfg.get('stempairs'):
            for a, b in zip(st, st[1:]): add('q' + a + ' ' + b)
    if cfg.get('rules', True):
        for intent, score in rule_scores(rnorm(text)).items():
            for p in range(min(score, cfg.get('rulecap', 8))): add('r%d%s' % (p, intent))
    return out

class NB:
    def __init__(self, examples, cfg):
        self.cfg = cfg; alpha = cfg.get('alpha', 0.1)
        self.classes = [i for i in INTENTS if any(e[1] == i for e in examples)]
        ci = {c: k for k, c in enumerate(self.classes)}
        idx = {}; df = []; docs = []
        for t, intent, _ in examples:
            rows = []
            for f in features(t, cfg):
                if f in idx: r = idx[f]; df[r] += 1
                else: r = idx[f] = len(df); df.append(1)
                rows.append(r)
            docs.append((rows, ci[intent]))
        n = len(docs); W = len(self.classes); F = len(df)
        self.idf = [math.log((n + 1) / (d + 1)) + 1 for d in df] if cfg.get('idf', True) else [1.0] * F
        weight = defaultdict(float); total = [0.0] * W; prior = [0] * W
        for rows, c in docs:
            prior[c] += 1
            nm = self.norm(rows)
            for r in rows:
                weight[(r, c)] += self.idf[r] / nm; total[c] += self.idf[r] / nm
        self.ll = {}
        self.F = F
        comp = cfg.get('complement', False)
        alltot = sum(total)
        self.den = [math.log(total[c] + alpha * F) for c in range(W)]
        self.weight = weight; self.total = total; self.alpha = alpha
        self.idx = idx
        self.logprior = [math.log(max(p, 1) / n) for p in prior] if cfg.get('prior', True) else [0.0] * W
        if comp:
            wsum = defaultdict(float)
            for (r, c), v in weight.items(): wsum[r] += v
            self.wsum = wsum; self.alltot = alltot
    def norm(self, rows):
        s = sum(self.idf[r] ** 2 for r in rows); return math.sqrt(s) if s > 0 else 1
    def posteriors(self, q):
        rows = [self.idx[f] for f in features(q, self.cfg) if f in self.idx]
        nm = self.norm(rows); W = len(self.classes); a = self.alpha
        sc = list(self.logprior)
        if self.cfg.get('complement'):
            for c in range(W):
                den = math.log(self.alltot - self.total[c] + a * self.F)
                for r in rows:
                    tf = self.idf[r] / nm
                    sc[c] -= tf * (math.log(self.wsum[r] - self.weight.get((r, c), 0) + a) - den)
        else:
            for r in rows:
                tf = self.idf[r] / nm
                for c in range(W): sc[c] += tf * (math.log(self.weight.get((r, c), 0) + a) - self.den[c])
        top = max(sc); ex = [math.exp(x - top) for x in sc]; s = sum(ex)
        res = [(self.classes[c], ex[c] / s, c) for c in range(W)]
        res.sort(key=lambda x: (-x[1], x[2]))
        return [(a_, b) for a_, b, _ in res]

DEFAULT_T = dict(kmin=2, kmargin=1, nokw=0.0, moneyrule=True, unsure=0.3, override=0.85)
def route(q, clf, T=DEFAULT_T):
    text = rnorm(q)
    if is_identity(text): return ('whoAreYou', 'identityRule')
    sc = rule_scores(text)
    if amount(q) is not None and (any((' ' + v) in text for v in AFFORD) or (any((' ' + v) in text for v in SPEND) and is_monthly(q))):
        return ('affordability', 'affordRule')
    ranked = [(i, sc[i]) for i in INTENTS if i in sc and i != 'whoAreYou']
    ranked.sort(key=lambda x: -x[1])  # stable
    post = None
    if ranked:
        first = ranked[0]; second = ranked[1][1] if len(ranked) > 1 else 0
        if first[1] >= T['kmin'] and first[1] - second >= T['kmargin']:
            if T['override'] > 1: return (first[0], 'keywordRule')
            post = clf.posteriors(q)
            if post[0][0] == first[0] or post[0][1] < T['override']: return (first[0], 'keywordRule')
    if post is None: post = clf.posteriors(q)
    if T['moneyrule'] and not ranked and amount(q) is None and not any((' ' + w) in text for w in MONEY) \
       and (post[0][0] != 'whoAreYou' or post[0][1] < T.get('waconf', T['unsure'])) \
       and (post[0][0] == 'offTopic' or post[0][1] < T.get('mwconf', 2)):
        return ('offTopic', 'noMoneyWords')
    best = post[0]
    if best[1] < T['unsure'] or (not ranked and best[1] < T['nokw']): return ('offTopic', 'unsure')
    return (best[0], 'classifier')

def cv(examples, cfg, T=DEFAULT_T, folds=4, verbose=False):
    corr = Counter(); tot = Counter(); conf = Counter(); misses = []
    for f in range(folds):
        train = [e for k, e in enumerate(examples) if k % folds != f]
        clf = NB(train, cfg)
        for k, e in enumerate(examples):
            if k % folds != f: continue
            r = route(e[0], clf, T)
            tot[e[2]] += 1
            if r[0] == e[1]: corr[e[2]] += 1
            else:
                conf[(e[2], e[1], 'unsure' if r[1] == 'unsure' else r[0])] += 1
                misses.append((e, r))
    res = {l: corr[l] / tot[l] * 100 for l in tot}
    return res, conf, misses

SHIPPED_CFG = dict(stems=True, stems_ru_only=True)
SHIPPED_T = dict(DEFAULT_T, mwconf=0.6)

if __name__ == '__main__':
    ex = training_from_corpus()
    cfg = dict(SHIPPED_CFG); T = dict(SHIPPED_T)
    if len(sys.argv) > 1: cfg.update(eval(sys.argv[1]))
    if len(sys.argv) > 2: T.update(eval(sys.argv[2]))
    res, conf, misses = cv(ex, cfg, T)
    print('%d training questions, 4-fold CV:' % len(ex), {l: '%.1f %%' % v for l, v in sorted(res.items())})
    for (l, a, b), n in conf.most_common(): print('  %s %s -> %s: %d' % (l, a, b, n))
