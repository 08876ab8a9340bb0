# a selector is always value-only, even if it calls functions
class a { $y ? { default => notice(1) } }
