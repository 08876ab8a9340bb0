
class a { notify { 'two': } }
