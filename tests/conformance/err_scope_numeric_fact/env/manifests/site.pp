# A fact named like a match variable cannot become a top-scope variable (found
# before the fact named like title, which only clashes when Class[main] sets it).
notice('never')
