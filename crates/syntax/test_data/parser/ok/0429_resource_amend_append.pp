# amend with +>
Service['a'] { require +> File['b'] }
