# Counts EVEX-encoded multiply/FMA/AND opcodes per C2-compiled method in the hex dump that
# -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=print,<class>::<method> prints without hsdis.
# Usage: python3 evex-count.py <java output file>. Heuristic decoder (EVEX prefix 0x62, map, pp, W, opcode).
import re,sys
from collections import Counter
txt=open(sys.argv[1]).read()
# split into compiled methods
parts=re.split(r'(?=Compiled method \()', txt)
for p in parts:
    head=p.split('\n')[0]
    if 'c2' not in head: continue
    hexs=''.join(re.findall(r'0x[0-9a-f]+: ([0-9a-f |]+)', p)).replace('|','').replace(' ','')
    b=bytes.fromhex(hexs[:len(hexs)//2*2])
    c=Counter()
    for i in range(len(b)-5):
        if b[i]==0x62 and (b[i+2]&0x04):  # EVEX P1 bit2 must be 1
            mm=b[i+1]&0x03; pp=b[i+2]&0x03; W=b[i+2]>>7; op=b[i+4]
            if mm==2 and op==0x40 and pp==1 and W==1: c['vpmullq']+=1
            if mm==1 and op==0xF4 and pp==1 and W==1: c['vpmuludq']+=1
            if mm==2 and op==0x28 and pp==1 and W==1: c['vpmuldq']+=1
            if mm==1 and op==0xDB and pp==1: c['vpand']+=1
            if mm==2 and op in (0xA8,0xB8,0xA9,0xB9,0x98,0x99) and pp==1: c['vfmadd']+=1
            if mm==2 and op in (0xAC,0xBC,0x9C) and pp==1: c['vfnmadd']+=1
    print(head[:110], dict(c))
