# amend with no attributes
Class['a'] { }
