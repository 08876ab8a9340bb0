# Error's msg is a String[1]: Error('') fails with new_Error's signatures.
notice(Error(''))
