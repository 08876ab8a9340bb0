# get() with a block passes Puppet's Error object (Pcore type Error: msg, kind,
# details, issue_code; the function message) when the path does not lead anywhere;
# Error() makes one.
notify { 'errors':
  message => [
    get({ 'a' => 1 }, 'a.b') |$e| { [$e.issue_code, $e.kind, $e.message, "${e}"] },
    get({ 'a' => [1] }, 'a.x') |$e| { [$e.issue_code, $e.message, $e.details] },
    get({ 'a' => 1 }, 'a.b') |$e| { String(type($e)) },
    String(Error('m', 'k', { 'd' => 1 }, 'CODE')), Error('m').message, Error('m').kind,
  ],
}
