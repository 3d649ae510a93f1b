import re, subprocess, sys, collections
text = open(sys.argv[1], errors='replace').read()
want = sys.argv[2]
parts = re.split(r'\n=+ (C[12])-compiled nmethod =+\n', text)
# parts: [pre, kind, body, kind, body, ...]
for i in range(1, len(parts), 2):
    kind, body = parts[i], parts[i+1]
    if kind != 'C2' or want not in body[:4000]: continue
    head = [l for l in body.splitlines() if 'Compiled method' in l][:1]
    hexs = []
    for line in body.splitlines():
        m = re.match(r'\s*0x[0-9a-f]+:\s*([0-9a-f |]+)$', line)
        if m:
            hexs.append(re.sub(r'[ |]', '', m.group(1)))
    data = bytes.fromhex(''.join(hexs))
    open('/tmp/probe/blk.bin', 'wb').write(data)
    out = subprocess.run(['objdump', '-D', '-b', 'binary', '-mi386:x86-64', '/tmp/probe/blk.bin'], capture_output=True, text=True).stdout
    c = collections.Counter()
    for l in out.splitlines():
        f = l.split('\t')
        if len(f) >= 3 and f[2].split():
            mn = f[2].split()[0]
            if mn.startswith('v'): c[mn] += 1
    print(kind, head[0].strip()[:110] if head else '', len(data), 'bytes')
    print('   ', dict(c.most_common(16)))
