include req
