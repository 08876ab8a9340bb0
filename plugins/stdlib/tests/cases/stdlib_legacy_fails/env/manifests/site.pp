validate_legacy(Integer, 'validate_integer', 'forty-two')
