import json,glob,sys,itertools,math
from scipy.stats import mannwhitneyu
def hl(b,c):
    d=sorted(math.log(y/x) for x,y in itertools.product(b,c)); n1,n2=len(b),len(c)
    k=max(int(math.floor(n1*n2/2-1.96*math.sqrt(n1*n2*(n1+n2+1)/12))),0)
    mid=(d[(len(d)-1)//2]+d[len(d)//2])/2
    return math.exp(mid),math.exp(d[k]),math.exp(d[-1-k])
for f in sorted(glob.glob(sys.argv[1]+'/*/2*Z-jdk*.json')):
    if f.endswith('meta.json'): continue
    rows={}
    for x in json.load(open(f)):
        if 'Limits' in x['benchmark']: continue
        raw=x['primaryMetric']['rawData']; p=x['params']
        rows[p['variant']]=[sorted(r)[len(r)//2] for r in raw]
    ks=sorted(rows, key=lambda k: 'q32' in k)
    b,c=rows[ks[0]],rows[ks[1]]
    med=lambda v: sorted(v)[len(v)//2-1]/2+sorted(v)[len(v)//2]/2
    r,lo,hi=hl(b,c); p=mannwhitneyu(c,b,alternative='two-sided',method='exact').pvalue
    print(f"| {f.split('/')[-2]} | `{ks[0]}` {med(b):.2f} ms | `{ks[1]}` {med(c):.2f} ms | {r:.3f} [{lo:.3f}, {hi:.3f}] | {p:.3g} | {len(b)}/{len(c)} |")
