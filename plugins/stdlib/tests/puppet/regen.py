#!/usr/bin/env python3
"""Asks real Puppet 7.23 (with Debian's stdlib 8.5 on the modulepath) what stdlib's
functions return, for the calls listed in calls.txt, and writes expected.jsonl.

  plugins/stdlib/tests/puppet/regen.py        (needs puppet and the oracle)
  plugins/stdlib/tests/puppet/regen.py --stdlib9 DIR
      calls-9.txt into expected-9.jsonl, with facts-9.yaml and DIR as the modulepath:
      a directory holding stdlib 9.x as `stdlib` (not in the repository), e.g.
      git -C <puppetlabs-stdlib> archive v9.7.0 | tar -x -C DIR/stdlib

calls.txt: one call per line, `name ARGS` with ARGS a JSON array; `{"__regexp": "x"}`
is the regexp /x/; `#` starts a comment line. Calls that succeed are compiled together
(each result is the message of a notify, wrapped in an array so that undef shows);
each failing call is then compiled alone for Puppet's message. expected.jsonl has one
object per call: {"call": line, "ok": value} or {"call": line, "error": message} (the
message as Puppet's evaluator words it after "Error while evaluating a Function Call, ",
without the location).
"""
import json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULEPATH, SUFFIX = "/usr/share/puppet/modules", ""
if sys.argv[1:2] == ["--stdlib9"] and len(sys.argv) == 3:
    MODULEPATH, SUFFIX = os.path.abspath(sys.argv[2]), "-9"
elif sys.argv[1:]:
    sys.exit("usage: regen.py [--stdlib9 MODULEPATH]")
ORACLE = os.environ.get("ORACLE", "/work/shared/oracle/puppet-compile")


def puppet(v):
    if v is None:
        return "undef"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    if isinstance(v, str):
        out = '"'
        for c in v:
            if c in '"\\$':
                out += "\\" + c
            elif c == "\n":
                out += "\\n"
            elif c == "\r":
                out += "\\r"
            elif c == "\t":
                out += "\\t"
            elif ord(c) < 0x20:
                out += "\\u{%x}" % ord(c)
            else:
                out += c
        return out + '"'
    if isinstance(v, list):
        return "[" + ", ".join(puppet(x) for x in v) + "]"
    if isinstance(v, dict):
        if set(v) == {"__regexp"}:
            return "/" + v["__regexp"] + "/"
        return "{" + ", ".join(puppet(k) + " => " + puppet(x) for k, x in v.items()) + "}"
    raise ValueError(v)


def calls():
    out = []
    for line in open(os.path.join(HERE, "calls%s.txt" % SUFFIX)):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        name, args = line.split(" ", 1)
        out.append((line, name, json.loads(args)))
    return out


def compile_env(body):
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(d + "/manifests")
        open(d + "/environment.conf", "w").write("modulepath = %s\n" % MODULEPATH)
        open(d + "/manifests/site.pp", "w").write(body)
        p = subprocess.run(
            [ORACLE, "--env", d, "--env-name", "production", "--node", "node.example.com",
             "--stable-ids", "--facts", os.path.join(HERE, "facts%s.yaml" % SUFFIX)],
            capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr


def expr(name, args):
    return "%s(%s)" % (name, ", ".join(puppet(a) for a in args))


def run(cs, pending):
    """Results of the calls `pending` (indices into cs): compile them all, take out the
    one that fails, and again."""
    results = {}
    pending = list(pending)
    while pending:
        body = "".join("notify { 'c%d': message => [%s] }\n" % (i, expr(cs[i][1], cs[i][2]))
                       for i in pending)
        rc, out, err = compile_env(body)
        if rc == 0:
            cat = json.loads(out)
            for r in cat["resources"]:
                m = re.fullmatch(r"c(\d+)", r["title"])
                if r["type"] == "Notify" and m:
                    results[int(m.group(1))] = {"ok": r["parameters"].get("message", [None])[0]}
            break
        text = err[err.find("Error: "):]
        text = text[:text.find("\npuppet-compile:")] if "\npuppet-compile:" in text else text
        m = re.search(r"site\.pp, line: (\d+)", text)
        if not m or int(m.group(1)) > len(pending):
            if len(pending) > 1:  # compile them one by one
                for i in pending:
                    results.update(run(cs, [i]))
                break
            i = pending.pop()
        else:
            i = pending.pop(int(m.group(1)) - 1)
        msg = text[len("Error: "):]
        msg = re.sub(r"^Evaluation Error: Error while evaluating a (Resource Statement, Evaluation Error: Error while evaluating a )?Function Call, ", "", msg)
        msg = re.sub(r" \(file: [^)]*\)( on node \S+)?$", "", msg.rstrip())
        msg = re.sub(r" on node \S+$", "", msg)
        results[i] = {"error": msg}
    return results


def main():
    from concurrent.futures import ThreadPoolExecutor
    cs = calls()
    chunks = [range(k, min(k + 25, len(cs))) for k in range(0, len(cs), 25)]
    results = {}
    with ThreadPoolExecutor(3) as pool:
        for r in pool.map(lambda c: run(cs, c), chunks):
            results.update(r)
    with open(os.path.join(HERE, "expected%s.jsonl" % SUFFIX), "w") as f:
        for i, (line, _, _) in enumerate(cs):
            f.write(json.dumps(dict(call=line, **results[i]), ensure_ascii=False) + "\n")
    print("%d calls, %d errors" % (len(cs), sum("error" in r for r in results.values())))


main()
