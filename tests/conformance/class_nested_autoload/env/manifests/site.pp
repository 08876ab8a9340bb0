# A nested class is found by autoloading the file of its outer class.
include outer::inner
