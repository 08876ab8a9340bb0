# No match with legacy matching: the error lists every name tried (the certname,
# its chopped forms, then hostname.domain and its chopped forms).
node 'zzz' { }
