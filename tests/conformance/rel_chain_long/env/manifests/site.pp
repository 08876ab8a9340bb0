# A long chain of declarations and references.
notify { 'one': } -> notify { 'two': } -> Notify['three'] ~> notify { 'four': }
notify { 'three': }
