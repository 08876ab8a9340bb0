include swift
