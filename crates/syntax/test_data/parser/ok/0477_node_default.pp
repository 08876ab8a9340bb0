# default node
node default { }
