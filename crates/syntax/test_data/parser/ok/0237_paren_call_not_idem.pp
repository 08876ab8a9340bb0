# a parenthesized call is not value-only
notice(1)
(notice(2))
