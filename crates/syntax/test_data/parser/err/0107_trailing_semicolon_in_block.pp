# a ; before } is a syntax error
if true { notice(1); }
