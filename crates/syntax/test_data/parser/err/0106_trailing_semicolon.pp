# a ; after the last statement is a syntax error
notice(1);
