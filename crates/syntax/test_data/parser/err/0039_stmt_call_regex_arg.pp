# after a NAME, / is division, so notice /a/ is not a call with a regex
notice /a/
