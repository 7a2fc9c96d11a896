#!/usr/bin/env python3
"""32 phrases written after the parser was tuned (not in Tests/QuickEntryTests/Data), sent to
GET /api/v1/quick of a fresh server (.build/debug/finmind, today 2026-11-21). Prints the misses
and the per-field score. Run: python3 scripts/quick-entry-fresh.py"""
import json, re, subprocess, tempfile, urllib.parse, urllib.request, os
folder = tempfile.mkdtemp(prefix="finmind-quick-")
# Fresh phrases written after tuning (never used to tune), today 2026-11-21 (Sat).
P = [
 ("ru","шаурма у метро 320","expense",32000,"2026-11-21","food"),
 ("ru","вчера заплатил за интернет 750","expense",75000,"2026-11-20","utilities"),
 ("ru","такси домой 1100р позавчера","expense",110000,"2026-11-19","transport"),
 ("ru","пятерочка 2 340,90","expense",234090,"2026-11-21","food"),
 ("ru","зарплата пришла 98 000","income",9800000,"2026-11-21",""),
 ("ru","бензин 2500 в четверг","expense",250000,"2026-11-19","transport"),
 ("ru","Кроссы 5600","expense",560000,"2026-11-21","clothing"),
 ("ru","3 дня назад аптека 640","expense",64000,"2026-11-18","health"),
 ("ru","подарок сестре 2000","expense",200000,"2026-11-21","other"),
 ("ru","кешбек 412,50","income",41250,"2026-11-21",""),
 ("ru","кино с друзьями 1200 в пятницу","expense",120000,"2026-11-20","entertainment"),
 ("ru","ужин 1850 18.11","expense",185000,"2026-11-18","food"),
 ("ru","электричество 1340 ежемесячно","expense",134000,"2026-11-21","utilities"),
 ("ru","мак 450","expense",45000,"2026-11-21","food"),
 ("ru","самокат 120","expense",12000,"2026-11-21","transport"),
 ("ru","стрижка 1200 в среду","expense",120000,"2026-11-18","other"),
 ("ru","продал велосипед 15к","income",1500000,"2026-11-21",""),
 ("ru","кофе и круассан 380","expense",38000,"2026-11-21","food"),
 ("en","starbucks 6.40","expense",640,"2026-11-21","food"),
 ("en","gas 45 yesterday","expense",4500,"2026-11-20","transport"),
 ("en","paid rent 1800","expense",180000,"2026-11-21","housing"),
 ("en","got paid 2,600","income",260000,"2026-11-21",""),
 ("en","uber eats 23.50","expense",2350,"2026-11-21","food"),
 ("en","vet 120 last tuesday","expense",12000,"2026-11-17","other"),
 ("en","spotify family 16.99 monthly","expense",1699,"2026-11-21","subscriptions"),
 ("en","new shoes 75 on thursday","expense",7500,"2026-11-19","clothing"),
 ("en","electric bill 88","expense",8800,"2026-11-21","utilities"),
 ("en","beers with friends 32","expense",3200,"2026-11-21","entertainment"),
 ("en","train to boston 29","expense",2900,"2026-11-21","transport"),
 ("en","refund from amazon 19.99","income",1999,"2026-11-21",""),
 ("en","groceries at costco 212.40 2 days ago","expense",21240,"2026-11-19","food"),
 ("en","doctor copay 25","expense",2500,"2026-11-21","health"),
]
env = dict(os.environ, XDG_DATA_HOME=folder)
p = subprocess.Popen([os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "debug", "finmind"),"--port","0","--db",os.path.join(folder, "db.sqlite"),"--today","2026-11-21","--tz","UTC"],stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True,env=env)
port = int(re.search(r":(\d+)/", p.stdout.readline()).group(1))
ok = {"amount":0,"kind":0,"date":0,"category":0,"all":0}
try:
    for lang, text, kind, amount, date, cat in P:
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/quick?text="+urllib.parse.quote(text), headers={"Accept-Language":lang,"Host":f"127.0.0.1:{port}"})
        try: d = json.load(urllib.request.urlopen(req))["drafts"][0]
        except Exception as e: print("ERR", text, e); continue
        r = {"amount": d["amount"]==amount, "kind": d["kind"]==kind, "date": d["date"]==date, "category": (d["category"] or "")==(cat if kind=="expense" else "")}
        for k,v in r.items(): ok[k]+=v
        if all(r.values()): ok["all"]+=1
        else: print("miss", text, d["amount"], d["kind"], d["date"], d["category"])
finally:
    p.terminate()
print({k: f"{v}/{len(P)}" for k,v in ok.items()})
